/*
 * Allocation and GC benchmark: builds many short-lived perfect binary trees of various depths
 * (and one long-lived tree that stays reachable throughout), walking each to count its nodes.
 * Argument: maximum tree depth (default 15). Prints node counts per depth.
 */
public class BinaryTrees {
    static final class Node {
        final Node left, right;
        Node(Node left, Node right) { this.left = left; this.right = right; }

        int count() {
            return left == null ? 1 : 1 + left.count() + right.count();
        }
    }

    static Node build(int depth) {
        return depth == 0 ? new Node(null, null) : new Node(build(depth - 1), build(depth - 1));
    }

    public static void main(String[] args) {
        int maxDepth = Math.max(6, args.length > 0 ? Integer.parseInt(args[0]) : 15);
        int minDepth = 4;
        System.out.println("stretch tree of depth " + (maxDepth + 1) + ": " + build(maxDepth + 1).count() + " nodes");
        Node longLived = build(maxDepth);
        for (int depth = minDepth; depth <= maxDepth; depth += 2) {
            int trees = 1 << (maxDepth - depth + minDepth);
            long nodes = 0;
            for (int i = 0; i < trees; i++) nodes += build(depth).count();
            System.out.println(trees + " trees of depth " + depth + ": " + nodes + " nodes");
        }
        System.out.println("long-lived tree of depth " + maxDepth + ": " + longLived.count() + " nodes");
    }
}
