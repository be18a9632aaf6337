// Mini-application: a bank with accounts, deposits, withdrawals and transfers, custom
// checked exceptions (insufficient funds, unknown account, frozen account), an audit log,
// interest accrual with long cents arithmetic, rollback on failed transfers, and a final
// statement sorted by account id. Also a concurrent phase with synchronized transfers
// whose total balance is invariant.
import java.util.*;

public class BankSimulation {
    static class BankException extends Exception {
        BankException(String msg) { super(msg); }
    }

    static class InsufficientFunds extends BankException {
        final long shortBy;
        InsufficientFunds(String id, long shortBy) {
            super("account " + id + " is short by " + fmt(shortBy));
            this.shortBy = shortBy;
        }
    }

    static class UnknownAccount extends BankException {
        UnknownAccount(String id) { super("no such account: " + id); }
    }

    static class Frozen extends BankException {
        Frozen(String id) { super("account " + id + " is frozen"); }
    }

    static String fmt(long cents) {
        String sign = cents < 0 ? "-" : "";
        long a = Math.abs(cents);
        return sign + "$" + (a / 100) + "." + (a % 100 < 10 ? "0" : "") + (a % 100);
    }

    static class Account {
        final String id;
        final String owner;
        long balance;
        boolean frozen;
        final List<String> history = new ArrayList<>();
        Account(String id, String owner, long balance) {
            this.id = id;
            this.owner = owner;
            this.balance = balance;
        }
    }

    static class Bank {
        private final Map<String, Account> accounts = new TreeMap<>();
        private final List<String> audit = new ArrayList<>();
        private int txCounter = 0;

        Account open(String id, String owner, long initial) {
            Account a = new Account(id, owner, initial);
            accounts.put(id, a);
            audit.add("open " + id + " " + fmt(initial));
            return a;
        }

        Account get(String id) throws UnknownAccount {
            Account a = accounts.get(id);
            if (a == null) throw new UnknownAccount(id);
            return a;
        }

        synchronized void deposit(String id, long cents) throws BankException {
            if (cents <= 0) throw new IllegalArgumentException("deposit must be positive: " + cents);
            Account a = get(id);
            if (a.frozen) throw new Frozen(id);
            a.balance += cents;
            a.history.add("+" + fmt(cents));
        }

        synchronized void withdraw(String id, long cents) throws BankException {
            Account a = get(id);
            if (a.frozen) throw new Frozen(id);
            if (a.balance < cents) throw new InsufficientFunds(id, cents - a.balance);
            a.balance -= cents;
            a.history.add("-" + fmt(cents));
        }

        synchronized int transfer(String from, String to, long cents) throws BankException {
            int tx = ++txCounter;
            withdraw(from, cents);
            try {
                deposit(to, cents);
            } catch (BankException e) {
                deposit(from, cents);
                audit.add("tx" + tx + " rolled back: " + e.getMessage());
                throw e;
            }
            audit.add("tx" + tx + " " + from + "->" + to + " " + fmt(cents));
            return tx;
        }

        void accrueInterest(int basisPoints) {
            for (Account a : accounts.values()) {
                long interest = a.balance * basisPoints / 10_000;
                a.balance += interest;
                a.history.add("interest " + fmt(interest));
            }
        }

        long total() {
            long t = 0;
            for (Account a : accounts.values()) t += a.balance;
            return t;
        }
    }

    public static void main(String[] args) throws Exception {
        Bank bank = new Bank();
        bank.open("A-100", "alice", 500_00);
        bank.open("B-200", "bob", 120_50);
        bank.open("C-300", "carol", 0);
        String[][] ops = {
                {"transfer", "A-100", "B-200", "10000"},
                {"transfer", "B-200", "C-300", "50000"},
                {"withdraw", "C-300", "", "1"},
                {"deposit", "C-300", "", "2599"},
                {"transfer", "A-100", "Z-999", "100"},
                {"freeze", "B-200", "", ""},
                {"transfer", "A-100", "B-200", "500"},
                {"deposit", "A-100", "", "-5"},
                {"unfreeze", "B-200", "", ""},
                {"transfer", "C-300", "A-100", "2599"},
        };
        for (String[] op : ops) {
            try {
                switch (op[0]) {
                    case "transfer" -> System.out.println("tx " + bank.transfer(op[1], op[2], Long.parseLong(op[3])) + " ok: " + op[1] + " -> " + op[2]);
                    case "withdraw" -> { bank.withdraw(op[1], Long.parseLong(op[3])); System.out.println("withdraw ok"); }
                    case "deposit" -> { bank.deposit(op[1], Long.parseLong(op[3])); System.out.println("deposit ok"); }
                    case "freeze" -> { bank.get(op[1]).frozen = true; System.out.println("froze " + op[1]); }
                    case "unfreeze" -> { bank.get(op[1]).frozen = false; System.out.println("unfroze " + op[1]); }
                    default -> throw new IllegalStateException("unknown op " + op[0]);
                }
            } catch (InsufficientFunds e) {
                System.out.println("FAILED (funds, short " + fmt(e.shortBy) + "): " + e.getMessage());
            } catch (BankException e) {
                System.out.println("FAILED (" + e.getClass().getSimpleName() + "): " + e.getMessage());
            } catch (IllegalArgumentException e) {
                System.out.println("REJECTED: " + e.getMessage());
            }
        }
        long before = bank.total();
        bank.accrueInterest(125);
        System.out.println("total before interest " + fmt(before) + " after " + fmt(bank.total()));
        String[] ids = {"A-100", "B-200", "C-300"};
        for (String id : ids) {
            Account a = bank.get(id);
            System.out.println(a.id + " (" + a.owner + ") balance " + fmt(a.balance) + " history " + a.history);
        }
        System.out.println("audit:");
        for (String s : bank.audit) System.out.println("  " + s);
        // Concurrent phase: every account has enough money for all of its outgoing transfers
        // (200 transfers totalling $7.94), so no transfer can fail and final balances are
        // deterministic even though the interleaving is not.
        bank.deposit("C-300", 10_00);
        long[] expected = new long[3];
        for (int i = 0; i < 3; i++) expected[i] = bank.get(ids[i]).balance;
        long invariant = bank.total();
        Thread[] workers = new Thread[3];
        int[] failures = new int[3];
        for (int w = 0; w < workers.length; w++) {
            final int me = w;
            workers[w] = new Thread(() -> {
                for (int i = 0; i < 200; i++) {
                    try {
                        bank.transfer(ids[me], ids[(me + 1) % 3], 1 + (i % 7));
                    } catch (BankException e) {
                        failures[me]++;
                    }
                }
            });
            workers[w].start();
        }
        for (Thread t : workers) t.join();
        System.out.println("total invariant after concurrent transfers: " + (bank.total() == invariant) + ", failures " + Arrays.toString(failures));
        for (int i = 0; i < 3; i++) {
            Account a = bank.get(ids[i]);
            System.out.println(a.id + " final " + fmt(a.balance) + " unchanged " + (a.balance == expected[i]) + " history entries " + a.history.size());
        }
        System.out.println("audit entries " + bank.audit.size());
        System.out.println("done");
    }
}
