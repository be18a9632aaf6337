/** A constructor forgets a field; a later call uses it. */
public class UnsetField {
    static class Account {
        String owner;
        int balance;

        Account(int balance) {
            this.balance = balance;
        }
    }

    static Account open(boolean named) {
        Account a = new Account(10);
        if (named) {
            a.owner = "ann";
        }
        return a;
    }

    public static void main(String[] args) {
        Account account = open(args.length > 0);
        System.out.println(account.owner.length());
    }
}
