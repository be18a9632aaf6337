// Mini-application: graph algorithms on a small weighted directed graph: Dijkstra with a
// PriorityQueue (with path reconstruction and tie-breaking by node name), BFS levels,
// DFS topological sort of a DAG with cycle detection, and Kruskal MST with union-find.
import java.util.*;

public class DijkstraGraph {
    record Edge(String from, String to, int w) { }

    static Map<String, List<Edge>> build(List<Edge> edges, boolean undirected) {
        Map<String, List<Edge>> g = new TreeMap<>();
        for (Edge e : edges) {
            g.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e);
            g.computeIfAbsent(e.to(), k -> new ArrayList<>());
            if (undirected) g.get(e.to()).add(new Edge(e.to(), e.from(), e.w()));
        }
        return g;
    }

    record State(String node, int dist) { }

    static Map<String, Integer> dijkstra(Map<String, List<Edge>> g, String src, Map<String, String> prev) {
        Map<String, Integer> dist = new TreeMap<>();
        for (String n : g.keySet()) dist.put(n, Integer.MAX_VALUE);
        dist.put(src, 0);
        PriorityQueue<State> pq = new PriorityQueue<>(Comparator.comparingInt(State::dist).thenComparing(State::node));
        pq.add(new State(src, 0));
        List<String> settleOrder = new ArrayList<>();
        while (!pq.isEmpty()) {
            State s = pq.poll();
            if (s.dist() > dist.get(s.node())) continue;
            settleOrder.add(s.node());
            for (Edge e : g.get(s.node())) {
                int nd = s.dist() + e.w();
                if (nd < dist.get(e.to())) {
                    dist.put(e.to(), nd);
                    prev.put(e.to(), s.node());
                    pq.add(new State(e.to(), nd));
                }
            }
        }
        System.out.println("settle order " + settleOrder);
        return dist;
    }

    static List<String> path(Map<String, String> prev, String target) {
        LinkedList<String> p = new LinkedList<>();
        for (String at = target; at != null; at = prev.get(at)) p.addFirst(at);
        return p;
    }

    static Map<String, Integer> bfs(Map<String, List<Edge>> g, String src) {
        Map<String, Integer> level = new TreeMap<>();
        Deque<String> q = new ArrayDeque<>();
        level.put(src, 0);
        q.add(src);
        while (!q.isEmpty()) {
            String n = q.poll();
            for (Edge e : g.get(n)) {
                if (!level.containsKey(e.to())) {
                    level.put(e.to(), level.get(n) + 1);
                    q.add(e.to());
                }
            }
        }
        return level;
    }

    static List<String> topo(Map<String, List<Edge>> g) {
        Map<String, Integer> state = new HashMap<>();
        Deque<String> out = new ArrayDeque<>();
        for (String n : g.keySet()) visit(g, n, state, out);
        return new ArrayList<>(out);
    }

    static void visit(Map<String, List<Edge>> g, String n, Map<String, Integer> state, Deque<String> out) {
        int s = state.getOrDefault(n, 0);
        if (s == 2) return;
        if (s == 1) throw new IllegalStateException("cycle detected at " + n);
        state.put(n, 1);
        for (Edge e : g.get(n)) visit(g, e.to(), state, out);
        state.put(n, 2);
        out.push(n);
    }

    static int find(Map<String, String> parent, String x) {
        int depth = 0;
        while (!parent.get(x).equals(x)) {
            parent.put(x, parent.get(parent.get(x)));
            x = parent.get(x);
            depth++;
        }
        return depth;
    }

    static String root(Map<String, String> parent, String x) {
        find(parent, x);
        while (!parent.get(x).equals(x)) x = parent.get(x);
        return x;
    }

    public static void main(String[] args) {
        List<Edge> edges = List.of(
                new Edge("A", "B", 4), new Edge("A", "C", 2), new Edge("B", "C", 5), new Edge("B", "D", 10),
                new Edge("C", "E", 3), new Edge("E", "D", 4), new Edge("D", "F", 11), new Edge("E", "F", 20),
                new Edge("C", "B", 1), new Edge("G", "A", 1));
        Map<String, List<Edge>> g = build(edges, false);
        Map<String, String> prev = new HashMap<>();
        Map<String, Integer> dist = dijkstra(g, "A", prev);
        for (Map.Entry<String, Integer> e : dist.entrySet()) {
            String d = e.getValue() == Integer.MAX_VALUE ? "unreachable" : e.getValue() + " via " + path(prev, e.getKey());
            System.out.println("A -> " + e.getKey() + ": " + d);
        }
        System.out.println("BFS levels from A " + bfs(g, "A"));
        List<Edge> dagEdges = new ArrayList<>();
        for (Edge e : edges) if (e.from().compareTo(e.to()) < 0) dagEdges.add(e);
        System.out.println("topological order of DAG part " + topo(build(dagEdges, false)));
        Map<String, List<Edge>> cyclic = build(List.of(new Edge("X", "Y", 1), new Edge("Y", "Z", 1), new Edge("Z", "X", 1)), false);
        try {
            topo(cyclic);
        } catch (IllegalStateException e) {
            System.out.println("topo on cyclic graph: " + e.getMessage());
        }
        List<Edge> sorted = new ArrayList<>(edges);
        sorted.sort(Comparator.comparingInt(Edge::w).thenComparing(Edge::from).thenComparing(Edge::to));
        Map<String, String> parent = new HashMap<>();
        for (String n : g.keySet()) parent.put(n, n);
        List<Edge> mst = new ArrayList<>();
        int weight = 0;
        for (Edge e : sorted) {
            String ra = root(parent, e.from()), rb = root(parent, e.to());
            if (!ra.equals(rb)) {
                parent.put(ra, rb);
                mst.add(e);
                weight += e.w();
            }
        }
        System.out.println("MST edges " + mst.size() + " weight " + weight);
        for (Edge e : mst) System.out.println("  " + e);
        int n = 30;
        List<Edge> ge = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                String id = id(i, j);
                if (i + 1 < n) ge.add(new Edge(id, id(i + 1, j), 1 + (i * 7 + j * 3) % 5));
                if (j + 1 < n) ge.add(new Edge(id, id(i, j + 1), 1 + (i * 3 + j * 11) % 7));
            }
        }
        Map<String, List<Edge>> grid = build(ge, true);
        Map<String, String> gp = new HashMap<>();
        Map<String, Integer> gd = dijkstraQuiet(grid, "0000", gp);
        System.out.println("grid 30x30 shortest 0000->2929 = " + gd.get("2929") + " hops " + (path(gp, "2929").size() - 1));
        System.out.println("done");
    }

    static String id(int i, int j) { return (i < 10 ? "0" : "") + i + (j < 10 ? "0" : "") + j; }

    static Map<String, Integer> dijkstraQuiet(Map<String, List<Edge>> g, String src, Map<String, String> prev) {
        Map<String, Integer> dist = new HashMap<>();
        dist.put(src, 0);
        PriorityQueue<State> pq = new PriorityQueue<>(Comparator.comparingInt(State::dist).thenComparing(State::node));
        pq.add(new State(src, 0));
        while (!pq.isEmpty()) {
            State s = pq.poll();
            if (s.dist() > dist.getOrDefault(s.node(), Integer.MAX_VALUE)) continue;
            for (Edge e : g.get(s.node())) {
                int nd = s.dist() + e.w();
                if (nd < dist.getOrDefault(e.to(), Integer.MAX_VALUE)) {
                    dist.put(e.to(), nd);
                    prev.put(e.to(), s.node());
                    pq.add(new State(e.to(), nd));
                }
            }
        }
        return dist;
    }
}
