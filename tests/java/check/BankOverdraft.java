// rpf-expect: assertion
// rpf-race: yes (static balance: t1's `balance = balance - amount` write vs t2's unsynchronized read/write of balance in the same check-then-act)
//
// Nondeterministic data plus a race. The balance starts at 10; two ATM threads withdraw
// amounts a1, a2 chosen by Verify.getIntFromList(4, 6) (4 combinations) with an
// unsynchronized check-then-act: `if (balance >= amount) balance = balance - amount;`.
// Serialized executions never overdraw (the second check sees the reduced balance). Racing
// executions can let both checks pass on balance 10 and then both subtract; the final
// balance is then 10 - a1 - a2 (or even a single subtraction, a lost update). This is
// negative only for a1 = a2 = 6: 10 - 12 = -2 (4+4, 4+6 and 6+4 leave >= 0). Schedule:
// choose 6 and 6; t1 checks 10 >= 6; t2 checks 10 >= 6; t1 writes 4; t2 reads 4, writes -2.
// Main asserts balance >= 0 after the joins -> assertion.
import gov.nasa.jpf.vm.Verify;

public class BankOverdraft {
    static int balance = 10;

    static class Atm extends Thread {
        final int amount;

        Atm(int amount) {
            this.amount = amount;
        }

        @Override
        public void run() {
            if (balance >= amount) {
                balance = balance - amount;
            }
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
        assert balance >= 0 : "overdrawn: " + balance + " after " + a1 + " and " + a2;
        System.out.println("balance = " + balance);
    }
}
