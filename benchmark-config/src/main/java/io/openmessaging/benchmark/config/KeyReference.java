package io.openmessaging.benchmark.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The Markdown reference of a {@link ConfigSchema}, generated from its declarations so that it cannot
 * drift from what the reader accepts: the table of keys (type, default, allowed values, meaning), the
 * rules across keys, and the keys recognised but not supported.
 */
public final class KeyReference {

    private KeyReference() {}

    /** The table of the keys a file may hold, one row a key, with its header. */
    public static String keyTable(ConfigSchema schema) {
        StringBuilder doc = new StringBuilder();
        doc.append("| Key | Type | Default | Allowed | Meaning |\n").append("|---|---|---|---|---|\n");
        for (ConfigKey<?> key : schema.keys()) {
            if (key.type() == ConfigKey.Type.NOT_SUPPORTED) {
                continue;
            }
            doc.append("| `")
                    .append(key.name())
                    .append("` | ")
                    .append(key.typeText())
                    .append(" | ")
                    .append(key.defaultText())
                    .append(" | ")
                    .append(key.allowedText())
                    .append(" | ")
                    .append(key.meaning())
                    .append(" |\n");
        }
        return doc.toString();
    }

    /** The rules across keys, one list item each; empty when there are none. */
    public static String ruleList(ConfigSchema schema) {
        StringBuilder doc = new StringBuilder();
        for (ConfigRule rule : schema.rules()) {
            doc.append("- ").append(rule.documentation()).append('\n');
        }
        return doc.toString();
    }

    /** The keys recognised and refused, one list item each with what they would do; empty when none. */
    public static String notSupportedList(ConfigSchema schema) {
        StringBuilder doc = new StringBuilder();
        for (ConfigKey<?> key : schema.keys()) {
            if (key.type() == ConfigKey.Type.NOT_SUPPORTED) {
                doc.append("- `")
                        .append(key.name())
                        .append("`: ")
                        .append(key.meaning())
                        .append('\n');
            }
        }
        return doc.toString();
    }

    /**
     * {@code document} with the text between its markers {@code <!-- generated:NAME -->} and {@code <!--
     * /generated:NAME -->} (each on a line of its own) replaced by {@code content}: how a hand-written page
     * holds a generated table. A test compares the page with this to keep it current.
     *
     * @throws IllegalArgumentException when the document lacks either marker
     */
    public static String withGeneratedBlock(String document, String name, String content) {
        String begin = "<!-- generated:" + name + " -->\n";
        String end = "<!-- /generated:" + name + " -->";
        int start = document.indexOf(begin);
        int stop = document.indexOf(end);
        if (start < 0 || stop < start) {
            throw new IllegalArgumentException("the document has no block '" + begin.strip() + "' … '" + end + "'");
        }
        return document.substring(0, start + begin.length()) + content + document.substring(stop);
    }

    /**
     * A hand-written page and what it reads with its generated blocks ({@code name → content}) brought up
     * to date: the doc tests compare the two, and write the second when asked to regenerate.
     */
    public static Page page(Path doc, Map<String, String> blocks) throws IOException {
        String current = Files.readString(doc, StandardCharsets.UTF_8);
        String generated = current;
        for (Map.Entry<String, String> block : blocks.entrySet()) {
            generated = withGeneratedBlock(generated, block.getKey(), block.getValue());
        }
        return new Page(doc, current, generated);
    }

    /** A page as it is ({@code current}) and as its declarations make it ({@code generated}). */
    public record Page(Path doc, String current, String generated) {

        /** Writes the generated text over the page when {@code regenerate}; returns the page as it now is. */
        public String writeIf(boolean regenerate) throws IOException {
            if (!regenerate) {
                return current;
            }
            Files.writeString(doc, generated, StandardCharsets.UTF_8);
            return generated;
        }
    }
}
