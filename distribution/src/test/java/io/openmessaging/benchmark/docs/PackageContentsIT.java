package io.openmessaging.benchmark.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged benchmark ({@code target/messaging-benchmark-<version>.tar.gz}), unpacked as a user unpacks it:
 * every relative link of every Markdown file inside resolves to a file in the package (and, into a Markdown
 * file, to one of its headings), and every {@code bin/…} command a Markdown file names is in the package's
 * {@code bin/}. A document that tells the user to run {@code bin/quick-start} from the package, which has no
 * such script, fails here.
 */
class PackageContentsIT {

    /** An inline link or image, {@code [text](target)} / {@code ![alt](target "title")}: group 1 is the target. */
    private static final Pattern INLINE_LINK =
            Pattern.compile("!?\\[[^\\]]*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");

    /** A reference definition, {@code [name]: target}. */
    private static final Pattern REFERENCE = Pattern.compile("(?m)^\\s{0,3}\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(?:\\s+.*)?$");

    /** A command of the package: {@code bin/NAME} not inside a longer path ({@code /usr/bin/env}, {@code $P/bin/x}). */
    private static final Pattern BIN_COMMAND =
            Pattern.compile("(?<![\\w./$-])bin/([A-Za-z0-9_][A-Za-z0-9_.-]*[A-Za-z0-9_])");

    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~).*");

    @TempDir
    static Path unpacked;

    private static Path packageRoot;

    @BeforeAll
    static void unpack() throws Exception {
        Path target = Path.of("target");
        Path archive;
        try (Stream<Path> files = Files.list(target)) {
            archive = files.filter(file -> file.getFileName().toString().matches("messaging-benchmark-.*\\.tar\\.gz"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no messaging-benchmark-*.tar.gz in "
                            + target.toAbsolutePath() + "; mvn package builds it before the integration tests"));
        }
        Process tar = new ProcessBuilder("tar", "-xzf", archive.toAbsolutePath().toString(), "-C", unpacked.toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(tar.waitFor(5, TimeUnit.MINUTES)).as("tar ended").isTrue();
        assertThat(tar.exitValue()).as(output).isZero();
        try (Stream<Path> top = Files.list(unpacked)) {
            packageRoot = top.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }

    @Test
    void thePackageHasAReadmeOfItsOwnThatNamesWhatIsInIt() throws IOException {
        String readme = Files.readString(packageRoot.resolve("README.md"));

        assertThat(readme).contains("the package").contains("bin/benchmark").contains("lib/");
        assertThat(Files.isExecutable(packageRoot.resolve("bin/benchmark"))).isTrue();
    }

    @Test
    void everyRelativeLinkInEveryMarkdownFileResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        List<Path> markdown = markdownFiles();
        assertThat(markdown).isNotEmpty();
        for (Path file : markdown) {
            String text = withoutCode(Files.readString(file));
            for (String link : links(text)) {
                String problem = problem(file, link, anchors);
                if (problem != null) {
                    broken.add(packageRoot.relativize(file) + ": (" + link + ") " + problem);
                }
            }
        }
        assertThat(broken)
                .as("links in the package's Markdown files that lead nowhere")
                .isEmpty();
    }

    @Test
    void everyBinCommandTheMarkdownNamesIsInThePackage() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path file : markdownFiles()) {
            Set<String> named = new TreeSet<>();
            Matcher matcher = BIN_COMMAND.matcher(Files.readString(file));
            while (matcher.find()) {
                named.add(matcher.group(1));
            }
            for (String name : named) {
                if (!Files.isRegularFile(packageRoot.resolve("bin").resolve(name))) {
                    missing.add(packageRoot.relativize(file) + " names bin/" + name);
                }
            }
        }
        assertThat(missing)
                .as("bin/ commands the package's Markdown files name but the package does not have (exit 127)")
                .isEmpty();
    }

    private static List<Path> markdownFiles() throws IOException {
        try (Stream<Path> walk = Files.walk(packageRoot)) {
            return walk.filter(path -> path.getFileName().toString().endsWith(".md"))
                    .sorted()
                    .toList();
        }
    }

    private static List<String> links(String text) {
        List<String> links = new ArrayList<>();
        for (Pattern pattern : List.of(INLINE_LINK, REFERENCE)) {
            Matcher matcher = pattern.matcher(text);
            while (matcher.find()) {
                links.add(matcher.group(1));
            }
        }
        return links;
    }

    /** Why {@code link} in {@code file} leads nowhere, or {@code null} when it resolves (or is not relative). */
    private static String problem(Path file, String link, Map<Path, Set<String>> anchors) {
        if (SCHEME.matcher(link).find() || link.startsWith("//")) {
            return null; // absolute: a web address, mailto:, …
        }
        int hash = link.indexOf('#');
        String pathPart = hash < 0 ? link : link.substring(0, hash);
        String fragment = hash < 0 ? null : link.substring(hash + 1);
        int query = pathPart.indexOf('?');
        if (query >= 0) {
            pathPart = pathPart.substring(0, query);
        }
        Path target =
                pathPart.isEmpty() ? file : file.getParent().resolve(pathPart).normalize();
        if (!target.startsWith(packageRoot)) {
            return "points outside the package";
        }
        if (!Files.exists(target)) {
            return "no such file in the package";
        }
        if (fragment != null
                && !fragment.isEmpty()
                && target.getFileName().toString().endsWith(".md")
                && !anchors.computeIfAbsent(target, PackageContentsIT::headingAnchors)
                        .contains(fragment)) {
            return "no heading '#" + fragment + "' in " + packageRoot.relativize(target);
        }
        return null;
    }

    /** The anchors GitHub gives a Markdown file's headings: lower case, punctuation dropped, spaces as dashes. */
    private static Set<String> headingAnchors(Path file) {
        Set<String> anchors = new TreeSet<>();
        Map<String, Integer> seen = new HashMap<>();
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        boolean inBlock = false;
        for (String line : text.split("\n")) {
            if (FENCE.matcher(line).matches()) {
                inBlock = !inBlock;
                continue;
            }
            Matcher heading = inBlock ? null : HEADING.matcher(line);
            if (heading != null && heading.matches()) {
                String slug = heading.group(1)
                        .toLowerCase(Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N} _-]", "")
                        .replace(' ', '-');
                int count = seen.merge(slug, 1, Integer::sum);
                anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
            }
        }
        return anchors;
    }

    /** The text without fenced code blocks and inline code spans, where brackets are no links. */
    private static String withoutCode(String text) {
        StringBuilder kept = new StringBuilder();
        boolean inBlock = false;
        for (String line : text.split("\n", -1)) {
            if (FENCE.matcher(line).matches()) {
                inBlock = !inBlock;
                kept.append('\n');
                continue;
            }
            kept.append(inBlock ? "" : line.replaceAll("`[^`]*`", "``")).append('\n');
        }
        return kept.toString();
    }
}
