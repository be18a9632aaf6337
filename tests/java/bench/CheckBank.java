// Checker benchmark (tests/bench/checker.sh): a bank whose worker threads make synchronized
// transfers between accounts, each keeping a formatted history and audit log (string
// building, TreeMap lookups, long arithmetic) - heavy library code in every transition.
// Arguments: threads, transfers per thread. Every interleaving keeps the total; main checks
// it and that every transfer was logged.
import java.util.*;

public class CheckBank {
    static final class Account {
        final String id;
        long balance;
        final List<String> history = new ArrayList<>();

        Account(String id, long balance) {
            this.id = id;
            this.balance = balance;
        }
    }

    static final Map<String, Account> accounts = new TreeMap<>();
    static final List<String> audit = new ArrayList<>();
    static int tx;

    static String money(long cents) {
        return (cents < 0 ? "-" : "") + "$" + Math.abs(cents) / 100 + "." + (Math.abs(cents) % 100 < 10 ? "0" : "") + Math.abs(cents) % 100;
    }

    static synchronized void transfer(String from, String to, long cents) {
        Account a = accounts.get(from);
        Account b = accounts.get(to);
        a.balance -= cents;
        b.balance += cents;
        int n = ++tx;
        a.history.add("tx" + n + " -" + money(cents) + " to " + to);
        b.history.add("tx" + n + " +" + money(cents) + " from " + from);
        audit.add("tx" + n + " " + from + "->" + to + " " + money(cents) + " balances " + money(a.balance) + "/" + money(b.balance));
    }

    public static void main(String[] args) throws InterruptedException {
        int threads = Integer.parseInt(args[0]);
        int transfers = Integer.parseInt(args[1]);
        for (int i = 0; i < threads; i++) accounts.put("ACC-" + (100 + i), new Account("ACC-" + (100 + i), 1000_00));
        Thread[] workers = new Thread[threads];
        for (int w = 0; w < threads; w++) {
            final String from = "ACC-" + (100 + w);
            final String to = "ACC-" + (100 + (w + 1) % threads);
            workers[w] = new Thread(() -> {
                for (int i = 0; i < transfers; i++) transfer(from, to, 1 + 13L * i);
            });
            workers[w].start();
        }
        for (Thread t : workers) t.join();
        long total = 0;
        for (Account a : accounts.values()) total += a.balance;
        assert total == threads * 1000_00L : "total " + total;
        assert audit.size() == threads * transfers;
        System.out.println("total " + money(total) + ", " + audit.size() + " transfers");
    }
}
