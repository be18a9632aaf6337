// Exercises text blocks: indentation stripping, trailing newline, escapes (\n, \", \\,
// line continuation \<newline>, \s), interpolation with formatted(), and lines().
public class TextBlocks {
    public static void main(String[] args) {
        String json = """
            {
              "name": "rpf",
              "ok": true
            }
            """;
        System.out.print(json);
        System.out.println("length " + json.length() + " lines " + json.lines().count());
        String noTrailing = """
            one
              two
            three""";
        System.out.println("[" + noTrailing + "]");
        String joined = """
            this is \
            one line""";
        System.out.println(joined);
        String spaces = """
            keep\s\s
            end""";
        System.out.println(spaces.replace(' ', '.'));
        String quotes = """
            He said "hi" and \"""quoted\""" with \\ backslash
            tab\there""";
        System.out.println(quotes);
        String template = """
            Dear %s,
            you owe %d coins.
            """.formatted("Bob", 12);
        System.out.print(template);
        String html = """
                <p>
                  indented by content
                </p>
            """;
        System.out.print(html);
        System.out.println("equals plain: " + """
            a
            b""".equals("a\nb"));
        System.out.println("done");
    }
}
