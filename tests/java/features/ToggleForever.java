import gov.nasa.jpf.vm.Verify;
import java.util.HashMap;
import java.util.Map;

/**
 * A loop that never ends, toggling key 0 or 1 (a choice) in or out of a map: its contents
 * take four values, but the map's modification count grows with every toggle. rpf's states
 * leave out counts nothing can observe, as JPF's do, so the search ends.
 */
public class ToggleForever {
    public static void main(String[] args) {
        Map<Integer, Integer> map = new HashMap<>();
        while (true) {
            int key = Verify.getInt(0, 1);
            if (map.containsKey(key)) {
                map.remove(key);
            } else {
                map.put(key, key);
            }
            assert map.size() <= 2;
        }
    }
}
