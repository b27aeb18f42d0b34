package io.openmessaging.benchmark.report;

/** Escaping for text placed in HTML. */
public final class Html {

    private Html() {}

    /** {@code text} safe as element content or a double-quoted attribute value; {@code null} gives "". */
    public static String escape(Object text) {
        if (text == null) {
            return "";
        }
        String value = text.toString();
        StringBuilder escaped = new StringBuilder(value.length() + 16);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
