// rpf-expect: exception:java.lang.NullPointerException
// rpf-race: yes (static config: main's write `config = c` after reader.start() vs the reader's unsynchronized read `config.port`)
//
// Unsafe publication order: main starts the reader thread and only THEN assigns the shared
// field `config`. The reader dereferences `config.port` without checking for null. If the
// reader runs before main's assignment (schedule: main starts reader, reader reads
// config == null), `config.port` throws NullPointerException, uncaught in the reader thread
// -> exception:java.lang.NullPointerException. If main assigns first, the reader sees the
// object and finishes normally. The Config object is created before the reader starts, so
// the race is only between main's single field write and the reader's field read. The
// reader's Thread.sleep(5) is just a scheduling point for the model checker (which still
// explores the reader reading first); in a plain java run it lets main's write come first,
// so the program normally prints port = 8080.
public class NullFieldRace {
    static class Config {
        final int port;

        Config(int port) {
            this.port = port;
        }
    }

    static Config config;
    static int seenPort;

    static class Reader extends Thread {
        @Override
        public void run() {
            try {
                Thread.sleep(5); // only a scheduling point for the model checker
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
            seenPort = config.port;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Config c = new Config(8080); // created (and its class loaded) before the race
        Reader reader = new Reader();
        reader.start();
        config = c;
        reader.join();
        System.out.println("port = " + seenPort);
    }
}
