// rpf-expect: none
// rpf-race: no (balance and withdrawn are accessed only in the static synchronized withdraw() by the workers and by main after join)
//
// BankOverdraft with the check-then-act inside a synchronized method on the bank. The two
// withdrawals (amounts from Verify.getIntFromList(4, 6)) are serialized: the second check
// sees the balance after the first withdrawal, so a withdrawal happens only if it keeps the
// balance >= 0. Final balance (asserted >= 0, and equal to 10 minus the withdrawals that
// succeeded): 4+4 -> 2, 4+6 / 6+4 -> 0, 6+6 -> 4 (second refused). No deadlock: one lock.
import gov.nasa.jpf.vm.Verify;

public class BankSynchronized {
    static int balance = 10;
    static int withdrawn;

    static synchronized void withdraw(int amount) {
        if (balance >= amount) {
            balance = balance - amount;
            withdrawn += amount;
        }
    }

    static class Atm extends Thread {
        final int amount;

        Atm(int amount) {
            this.amount = amount;
        }

        @Override
        public void run() {
            withdraw(amount);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int a1 = Verify.getIntFromList(4, 6);
        int a2 = Verify.getIntFromList(4, 6);
        Atm t1 = new Atm(a1);
        Atm t2 = new Atm(a2);
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert balance >= 0 : "overdrawn: " + balance;
        assert balance + withdrawn == 10 : "money lost";
        System.out.println("balance = " + balance);
    }
}
