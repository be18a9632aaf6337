import gov.nasa.jpf.vm.Verify;

/**
 * jpf-core's Verify API beyond choices, one part per mode (the first argument); each mode's
 * expected behaviour is asserted by tests/tests/verify_api.rs.
 */
public class VerifyApi {
    public static void main(String[] args) {
        switch (args[0]) {
            case "print":
                Verify.print("a");
                Verify.println("b");
                Verify.print("x", 3);
                Verify.print("y", true);
                Verify.println();
                Verify.print("p", "q", null);
                Verify.println();
                Verify.threadPrintln("t");
                Verify.println("matching=" + Verify.vmIsMatchingStates()
                        + " jpf=" + Verify.isRunningInJPF()
                        + " replay=" + Verify.isTraceReplay());
                break;
            case "counters": {
                // Three paths, each adding one to counter 3: the counter survives backtracking.
                int x = Verify.getInt(0, 2);
                int c = Verify.incrementCounter(3);
                assert Verify.getCounter(3) == c;
                Verify.setBitInBitSet(1, x, true);
                int previous = Verify.getValue("last");
                Verify.putValue("last", x);
                System.out.println("PATH x=" + x + " c=" + c + " previous=" + previous
                        + " bits=" + Verify.getBitInBitSet(1, 0) + Verify.getBitInBitSet(1, 1)
                        + Verify.getBitInBitSet(1, 2));
                break;
            }
            case "terminate": {
                int x = Verify.getInt(0, 9);
                System.out.println("PATH x=" + x);
                if (x == 2) {
                    Verify.terminateSearch();
                }
                break;
            }
            case "unsupported":
                System.out.println("before");
                Verify.printPathOutput("path");
                System.out.println("after");
                break;
            case "caller":
                System.out.println("from main's class: " + Helper.ask()
                        + ", from Other: " + Other.call()
                        + ", from a subclass: " + new Sub().call());
                break;
            case "assert":
                Verify.assertTrue("the condition does not hold", 1 + 1 == 3);
                break;
            case "log":
                Verify.log("app", Verify.SEVERE, "bad value %d of %s", 42, "x");
                Verify.log("app", Verify.FINE, "not shown");
                break;
            case "hints":
                Verify.interesting(true);
                Verify.boring(false);
                Verify.setHeuristicSearchValue(5);
                int h = Verify.getHeuristicSearchValue();
                Verify.resetHeuristicSearchValue();
                Verify.atLabel("here");
                Verify.atLabel(7);
                Verify.instrumentPoint("p");
                Verify.busyWait(1000);
                Verify.setPeerClass(VerifyApi.class);
                System.out.println("heuristic " + h + " then " + Verify.getHeuristicSearchValue()
                        + ", randomObject " + Verify.randomObject("java.lang.String")
                        + ", time " + (Verify.currentTimeMillis() >= 0));
                break;
            default:
                throw new IllegalArgumentException(args[0]);
        }
    }

    static class Helper {
        static boolean ask() {
            return Verify.isCalledFromClass("VerifyApi");
        }
    }

    static class Other {
        static boolean call() {
            return Helper.ask();
        }
    }

    static class Sub extends VerifyApi {
        boolean call() {
            return Helper.ask();
        }
    }
}
