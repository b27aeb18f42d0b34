package io.openmessaging.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative Markdown link of the README and of {@code docs/} leads somewhere: to a file or directory of
 * the repository, and where it has an {@code #anchor}, to a heading of that page (GitHub's anchors: the
 * heading's text in lower case, punctuation removed, spaces as {@code -}, {@code -1}, {@code -2} … for
 * repeats) or an HTML {@code id}/{@code name}. A page cited in a code span exists too, and the docs' index
 * ({@code docs/README.md}, linked from the README) lists every page of {@code docs/}.
 */
class DocLinksTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /** An inline link or image: {@code [text](target)} or {@code [text](target "title")}. */
    private static final Pattern INLINE = Pattern.compile("!?\\[(?:[^\\]\\[]|\\[[^\\]]*])*]\\(\\s*<?([^)\\s>]+)>?");
    /** A reference definition: {@code [label]: target}. */
    private static final Pattern REFERENCE = Pattern.compile("^\\s{0,3}\\[[^\\]]+]:\\s*<?(\\S+?)>?(?:\\s.*)?$");
    /** An ATX heading. */
    private static final Pattern HEADING = Pattern.compile("^\\s{0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    /** A Markdown page cited in a code span, e.g. {@code `docs/results.md`}. */
    private static final Pattern CITED_PAGE = Pattern.compile("`([\\w./-]+\\.md)`");
    /** An explicit HTML anchor. */
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:name|id)=\"([^\"]+)\"");

    @Test
    void everyRelativeLinkLeadsToAFileAndItsAnchorToAHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchorsByPage = new HashMap<>();
        for (Path page : pages()) {
            List<String> lines = prose(Files.readAllLines(page));
            for (int i = 0; i < lines.size(); i++) {
                for (String target : targets(lines.get(i))) {
                    String problem = problem(page, target, anchorsByPage);
                    if (problem != null) {
                        broken.add(ROOT.relativize(page) + ":" + (i + 1) + ": (" + target + ") " + problem);
                    }
                }
            }
        }
        assertThat(broken).as("links that lead nowhere").isEmpty();
    }

    @Test
    void everyPageCitedInCodeExists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path page : pages()) {
            List<String> lines = Files.readAllLines(page);
            List<String> prose = prose(lines);
            for (int i = 0; i < lines.size(); i++) {
                if (prose.get(i).isEmpty() && !lines.get(i).isEmpty()) {
                    continue; // inside a fenced block
                }
                Matcher cited = CITED_PAGE.matcher(lines.get(i));
                while (cited.find()) {
                    String name = cited.group(1);
                    if (!Files.exists(page.getParent().resolve(name)) && !Files.exists(ROOT.resolve(name))) {
                        missing.add(ROOT.relativize(page) + ":" + (i + 1) + ": `" + name + "`");
                    }
                }
            }
        }
        assertThat(missing)
                .as("Markdown pages cited that are not in the repository")
                .isEmpty();
    }

    @Test
    void theDocsIndexListsEveryPageAndTheReadmeLinksToIt() throws IOException {
        Path index = ROOT.resolve("docs/README.md");
        assertThat(index).exists();
        List<String> indexLines = prose(Files.readAllLines(index));
        Set<Path> listed = new LinkedHashSet<>();
        for (String line : indexLines) {
            for (String target : targets(line)) {
                if (!isExternal(target)) {
                    listed.add(index.getParent().resolve(stripAnchor(target)).normalize());
                }
            }
        }
        List<Path> unlisted = new ArrayList<>();
        for (Path page : pages()) {
            if (page.startsWith(ROOT.resolve("docs")) && !page.equals(index) && !listed.contains(page)) {
                unlisted.add(ROOT.relativize(page));
            }
        }
        assertThat(unlisted).as("pages of docs/ missing from docs/README.md").isEmpty();
        assertThat(String.join("\n", prose(Files.readAllLines(ROOT.resolve("README.md")))))
                .as("the README links to the docs' index")
                .contains("(docs/README.md)");
    }

    @Test
    void theSlugsFollowGitHubsRules() {
        assertThat(anchors(List.of(
                        "# What happens to a message during an outage?",
                        "## `producerRate: 0` (search)",
                        "## A/B comparison of two versions",
                        "## Payload files of upstream workloads",
                        "## Payload files of upstream workloads",
                        "## [Kafka](kafka.md) & friends",
                        "## snake_case stays",
                        "```",
                        "# not a heading inside code",
                        "```")))
                .containsExactlyInAnyOrder(
                        "what-happens-to-a-message-during-an-outage",
                        "producerrate-0-search",
                        "ab-comparison-of-two-versions",
                        "payload-files-of-upstream-workloads",
                        "payload-files-of-upstream-workloads-1",
                        "kafka--friends",
                        "snake_case-stays");
    }

    /** README.md and every page under docs/. */
    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>();
        pages.add(ROOT.resolve("README.md"));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** Why {@code target}, linked from {@code page}, leads nowhere; {@code null} when it leads somewhere. */
    private static String problem(Path page, String target, Map<Path, Set<String>> anchorsByPage) {
        if (isExternal(target)) {
            return null;
        }
        int hash = target.indexOf('#');
        String file = stripAnchor(target);
        String anchor = hash < 0 ? null : URLDecoder.decode(target.substring(hash + 1), StandardCharsets.UTF_8);
        Path resolved = file.isEmpty()
                ? page
                : (file.startsWith("/")
                                ? ROOT.resolve(file.substring(1))
                                : page.getParent().resolve(file))
                        .normalize();
        if (!Files.exists(resolved)) {
            return "no such file: " + ROOT.relativize(resolved);
        }
        if (anchor == null || anchor.isEmpty() || !resolved.toString().endsWith(".md")) {
            return null;
        }
        Set<String> anchors = anchorsByPage.computeIfAbsent(resolved, path -> {
            try {
                return anchors(Files.readAllLines(path));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return anchors.contains(anchor) ? null : "no heading #" + anchor + " in " + ROOT.relativize(resolved);
    }

    private static boolean isExternal(String target) {
        return target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*");
    }

    private static String stripAnchor(String target) {
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        int query = file.indexOf('?');
        return URLDecoder.decode(query < 0 ? file : file.substring(0, query), StandardCharsets.UTF_8);
    }

    /** The link targets of one line of prose. */
    private static List<String> targets(String line) {
        List<String> targets = new ArrayList<>();
        Matcher inline = INLINE.matcher(line);
        while (inline.find()) {
            targets.add(inline.group(1));
        }
        Matcher reference = REFERENCE.matcher(line);
        if (reference.matches()) {
            targets.add(reference.group(1));
        }
        return targets;
    }

    /**
     * The lines outside fenced code blocks, with inline code spans blanked (a link inside either is text);
     * line numbers are kept.
     */
    private static List<String> prose(List<String> lines) {
        List<String> prose = new ArrayList<>();
        String fence = null;
        for (String line : lines) {
            String trimmed = line.stripLeading();
            if (fence == null && (trimmed.startsWith("```") || trimmed.startsWith("~~~"))) {
                fence = trimmed.substring(0, 3);
                prose.add("");
            } else if (fence != null) {
                if (trimmed.startsWith(fence)) {
                    fence = null;
                }
                prose.add("");
            } else {
                prose.add(line.replaceAll("(`+)(?:(?!\\1).)+?\\1", "``"));
            }
        }
        return prose;
    }

    /** The anchors a page offers: GitHub's slug of every heading, and explicit HTML anchors. */
    static Set<String> anchors(List<String> lines) {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        String fence = null;
        for (String line : lines) {
            String trimmed = line.stripLeading();
            if (fence == null && (trimmed.startsWith("```") || trimmed.startsWith("~~~"))) {
                fence = trimmed.substring(0, 3);
                continue;
            }
            if (fence != null) {
                if (trimmed.startsWith(fence)) {
                    fence = null;
                }
                continue;
            }
            Matcher html = HTML_ANCHOR.matcher(line);
            while (html.find()) {
                anchors.add(html.group(1));
            }
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(2));
                int repeats = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(repeats == 0 ? slug : slug + "-" + repeats);
            }
        }
        return anchors;
    }

    /**
     * GitHub's anchor of a heading: its text as shown (links as their text, no markup), lower case, every
     * character but letters, digits, marks, {@code _}, {@code -} and spaces removed, spaces as {@code -}.
     */
    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)]\\([^)]*\\)", "$1")
                .replaceAll("<[^>]+>", "")
                .toLowerCase(Locale.ROOT);
        return text.replaceAll("[^\\p{L}\\p{N}\\p{M}_\\- ]", "").replace(' ', '-');
    }
}
