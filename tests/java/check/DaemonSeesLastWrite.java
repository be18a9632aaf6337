// rpf-expect: assertion
// rpf-race: no (flag is volatile)
//
// The program ends when its last non-daemon thread ends, and a daemon thread can run
// between main's last action and main's end: here it sees main's write and fails. A
// checker that ended main together with its write would end the program before the daemon
// could look.
public class DaemonSeesLastWrite {
    static volatile boolean flag;

    public static void main(String[] args) {
        Thread d = new Thread(() -> {
            while (!flag) {
                Thread.yield();
            }
            assert false : "the daemon saw main's last write";
        });
        d.setDaemon(true);
        d.start();
        flag = true;
    }
}
