import java.time.LocalDate;
import java.time.ZoneId;
import java.util.TimeZone;

/** The default time zone comes from the platform (TZ, /etc/timezone, /etc/localtime). */
public class SystemTimeZone {
    public static void main(String[] args) {
        System.out.println(ZoneId.systemDefault());
        System.out.println(TimeZone.getDefault().getID());
        System.out.println(LocalDate.now().getYear() >= 2024);
        TimeZone paris = TimeZone.getTimeZone("Europe/Paris");
        System.out.println(paris.getID() + " " + paris.getRawOffset());
        System.out.println(TimeZone.getTimeZone("No/Such_Zone").getID());
    }
}
