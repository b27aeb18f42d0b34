package io.openmessaging.benchmark.workload;

import io.openmessaging.benchmark.config.YamlMapping;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The workload as it ran: the file's text with every top-level entry that a {@code --set} assignment
 * replaces commented out ({@code # (--set) …}) and the assignments appended, so that reading it gives the
 * workload the run used and a reader sees what was changed. Without assignments, the file's text itself.
 */
final class EffectiveYaml {

    private EffectiveYaml() {}

    /**
     * @param fileText the file's text
     * @param file the file as read (its entries' key lines place the replaced entries)
     * @param assignments {@code key=value}, as given to {@code --set}
     * @param otherForms the other forms of a key an assignment replaces too ({@code testDurationMinutes})
     */
    static String of(
            String fileText, YamlMapping file, List<String> assignments, Function<String, List<String>> otherForms) {
        if (assignments.isEmpty()) {
            return fileText;
        }
        List<String> lines = new ArrayList<>(fileText.lines().toList());
        TreeSet<Integer> keyLines = new TreeSet<>();
        file.entries().forEach(entry -> keyLines.add(entry.keyLine()));
        TreeSet<Integer> replaced = new TreeSet<>();
        for (String assignment : assignments) {
            String key = assignment
                    .substring(0, Math.max(0, assignment.indexOf('=')))
                    .strip();
            List<String> keys = new ArrayList<>(otherForms.apply(key));
            keys.add(key);
            for (String replacedKey : keys) {
                if (file.has(replacedKey)) {
                    int first = file.get(replacedKey).keyLine();
                    Integer next = keyLines.higher(first);
                    int last = next == null ? lines.size() : next - 1;
                    // trailing blank and comment lines belong to what follows
                    while (last > first && isBlankOrComment(lines.get(last - 1))) {
                        last--;
                    }
                    for (int line = first; line <= last; line++) {
                        replaced.add(line);
                    }
                }
            }
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            text.append(replaced.contains(i + 1) ? "# (--set) " : "")
                    .append(lines.get(i))
                    .append('\n');
        }
        text.append("# --set, as given on the command line:\n");
        for (String assignment : assignments) {
            int equals = assignment.indexOf('=');
            text.append(assignment.substring(0, equals).strip())
                    .append(": ")
                    .append(assignment.substring(equals + 1))
                    .append('\n');
        }
        return text.toString();
    }

    private static boolean isBlankOrComment(String line) {
        String stripped = line.strip();
        return stripped.isEmpty() || stripped.startsWith("#");
    }
}
