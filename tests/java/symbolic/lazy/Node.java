// Generalized symbolic execution (seed 002's example): with symbolic.lazy=true,
// rpf -cp out Node +symbolic.method=Node.swapNode() +symbolic.lazy=true
// explores swapNode on every input list shape, built as swapNode reads it:
//   next == null                                   -> returns e0
//   next == e0 (a cycle), so elem > next.elem fails -> returns e0
//   next == e1, e0.elem <= e1.elem                  -> returns e0
//   next == e1, e0.elem >  e1.elem, e1.next = null  -> returns e1
//   ... e1.next = e2 (new) / e0 / e1 (aliases)       -> returns e1
// 7 paths; with the precondition acyclic() (symbolic.lazy.precondition=Node.acyclic),
// the shapes with a cycle are pruned, leaving 4.
public class Node {
    int elem;
    Node next;

    Node swapNode() {
        if (next != null) {
            if (elem > next.elem) {
                Node t = next;
                next = t.next;
                t.next = this;
                return t;
            }
        }
        return this;
    }

    /** The list from this node ends (no cycle). */
    boolean acyclic() {
        java.util.Set<Node> seen = new java.util.HashSet<>();
        for (Node n = this; n != null; n = n.next) {
            if (!seen.add(n)) {
                return false;
            }
        }
        return true;
    }

    public static void main(String[] args) {
        Node n = new Node();
        System.out.println(n.swapNode() == n);
    }
}
