// rpf-expect: none
// rpf-race: no (both balance fields are updated while holding both account monitors; accounts built before start, read by main after join)
//
// Bank transfers in both directions between two accounts. Each transfer locks the two
// account monitors in a global order (lower id first), whatever the direction, so the
// cyclic wait of LockOrderDeadlock cannot arise: a thread holding the lower-id monitor can
// always obtain the higher one once its current owner (which never waits for the lower one
// while holding the higher one) releases it. Both balance updates of a transfer happen
// while holding both monitors, and main reads the balances only after joining both
// threads, so the asserted total (200) and the final balances (100/100: +30-30 each) hold on
// every interleaving.
public class LockOrderFixed {
    static class Account {
        final int id;
        int balance;

        Account(int id, int balance) {
            this.id = id;
            this.balance = balance;
        }
    }

    static void transfer(Account from, Account to, int amount) {
        Account first = from.id < to.id ? from : to;
        Account second = from.id < to.id ? to : from;
        synchronized (first) {
            synchronized (second) {
                from.balance -= amount;
                to.balance += amount;
            }
        }
    }

    static class Transfer extends Thread {
        final Account from;
        final Account to;

        Transfer(Account from, Account to) {
            this.from = from;
            this.to = to;
        }

        @Override
        public void run() {
            transfer(from, to, 30);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Account a = new Account(1, 100);
        Account b = new Account(2, 100);
        Transfer t1 = new Transfer(a, b);
        Transfer t2 = new Transfer(b, a);
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert a.balance + b.balance == 200 : "money created or destroyed";
        assert a.balance == 100 && b.balance == 100 : "wrong balances";
        System.out.println("balances " + a.balance + " " + b.balance);
    }
}
