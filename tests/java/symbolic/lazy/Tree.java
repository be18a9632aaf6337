// Lazy initialization of a tree passed as a sym reference parameter, with a symbolic
// repOk as precondition:
// rpf -cp out Tree +symbolic.method=Tree.contains(sym#sym) +symbolic.lazy=true
//     +symbolic.lazy.precondition=Tree.isSearchTree +symbolic.lazy.max_objects=3
// isSearchTree builds every search tree of up to 3 nodes: aliases (shared subtrees,
// cycles) are pruned by its key ordering, which no solution satisfies. contains then
// finds x at each of a tree's n nodes or misses it at each of its n + 1 empty subtrees:
// 1 path for the null tree, 1 shape x 3 paths (n = 1), 2 x 5 (n = 2), 5 x 7 (n = 3):
// 49 paths. Larger trees are beyond the bound, so the run is incomplete.
public class Tree {
    int key;
    Tree left;
    Tree right;

    static boolean contains(Tree t, int x) {
        while (t != null) {
            if (x == t.key) {
                return true;
            }
            t = x < t.key ? t.left : t.right;
        }
        return false;
    }

    /** Keys strictly ordered: smaller to the left, larger to the right. */
    static boolean isSearchTree(Tree t) {
        return within(t, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    private static boolean within(Tree t, long low, long high) {
        if (t == null) {
            return true;
        }
        if (t.key <= low || t.key >= high) {
            return false;
        }
        return within(t.left, low, t.key) && within(t.right, t.key, high);
    }

    public static void main(String[] args) {
        System.out.println(contains(null, 3));
    }
}
