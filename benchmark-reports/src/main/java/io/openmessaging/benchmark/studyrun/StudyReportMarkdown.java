package io.openmessaging.benchmark.studyrun;

import java.util.List;

/** A study report as Markdown ({@code study-report.md}): GitHub-flavoured tables, one section per part. */
public final class StudyReportMarkdown {

    /** The first line of every report this class writes; a file that starts with it may be replaced. */
    public static final String MARKER = "<!-- written by bin/benchmark study report; it replaces this file -->";

    private StudyReportMarkdown() {}

    /** The Markdown of {@code blocks}. */
    public static String render(List<StudyReportContent.Block> blocks) {
        StringBuilder text = new StringBuilder(MARKER).append("\n\n");
        for (StudyReportContent.Block block : blocks) {
            if (block instanceof StudyReportContent.Heading heading) {
                text.append("#".repeat(heading.level()))
                        .append(' ')
                        .append(heading.text())
                        .append("\n\n");
            } else if (block instanceof StudyReportContent.Paragraph paragraph) {
                text.append(paragraph.text()).append("\n\n");
            } else if (block instanceof StudyReportContent.Bullets bullets) {
                bullets.items().forEach(item -> text.append("- ").append(item).append('\n'));
                text.append('\n');
            } else if (block instanceof StudyReportContent.Table table) {
                row(text, table.header());
                text.append('|');
                for (int i = 0; i < table.header().size(); i++) {
                    text.append(table.numeric().get(i) ? "---:|" : "---|");
                }
                text.append('\n');
                table.rows().forEach(row -> row(text, row));
                text.append('\n');
            }
        }
        return text.toString().stripTrailing() + "\n";
    }

    private static void row(StringBuilder text, List<String> cells) {
        text.append('|');
        for (String cell : cells) {
            text.append(' ').append(cell.replace("|", "\\|")).append(" |");
        }
        text.append('\n');
    }
}
