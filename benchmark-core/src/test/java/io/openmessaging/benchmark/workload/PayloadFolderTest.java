package io.openmessaging.benchmark.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.UpstreamPayloads;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The repository's {@code payload/} folder: upstream's payload file names, each of the size its name says,
 * holding the bytes of the pattern {@code bin/generate-payloads} writes (docs/workloads.md).
 */
class PayloadFolderTest {

    private static final Path FOLDER = UpstreamPayloads.repositoryRoot().resolve("payload");
    private static final Pattern NAME = Pattern.compile("payload-([0-9]+)(b|Kb)\\.data");

    @Test
    void everyFileHasTheSizeItsNameSays() throws IOException {
        List<Path> files = files();
        assertThat(files).isNotEmpty();

        for (Path file : files) {
            assertThat(Files.size(file))
                    .as("size of %s", file)
                    .isEqualTo(sizeInName(file.getFileName().toString()));
        }
    }

    @Test
    void theFolderHoldsExactlyUpstreamsPayloadFiles() throws IOException {
        List<String> shipped =
                files().stream().map(file -> "payload/" + file.getFileName()).toList();

        assertThat(shipped)
                .containsExactlyInAnyOrderElementsOf(UpstreamPayloads.all().stream()
                        .map(UpstreamPayloads.Entry::path)
                        .toList());
    }

    @Test
    void upstreamsRecordedSizesAreTheSizesInTheNames() {
        assertThat(UpstreamPayloads.all())
                .hasSize(6)
                .allSatisfy(entry -> assertThat(entry.bytes())
                        .as(entry.path())
                        .isEqualTo(
                                sizeInName(Path.of(entry.path()).getFileName().toString())));
    }

    @Test
    void everyFileHoldsTheDocumentedPatternSoItCanBeRegenerated() throws IOException {
        for (Path file : files()) {
            String name = file.getFileName().toString();

            assertThat(new String(Files.readAllBytes(file), StandardCharsets.US_ASCII))
                    .as("content of %s (bin/generate-payloads writes it)", file)
                    .isEqualTo(pattern(name, (int) sizeInName(name)));
        }
    }

    @Test
    void thePatternIsLowercaseHexOfTheDigestsOfNameAndBlockNumber() {
        // sha256("payload-100b.data 0") as printed by: printf 'payload-100b.data 0' | sha256sum
        assertThat(pattern("payload-100b.data", 64))
                .isEqualTo("17b35e140f449a1ff98b50f0320d3f1c691c5b594e07a20487c92e0853d2a0d3");
        assertThat(pattern("payload-100b.data", 100)).hasSize(100).matches("[0-9a-f]+");
    }

    private static List<Path> files() throws IOException {
        try (Stream<Path> children = Files.list(FOLDER)) {
            return children.sorted().toList();
        }
    }

    private static long sizeInName(String name) {
        Matcher matcher = NAME.matcher(name);
        assertThat(matcher.matches())
                .as("%s is named payload-<n>b.data or payload-<n>Kb.data", name)
                .isTrue();
        long number = Long.parseLong(matcher.group(1));
        return matcher.group(2).equals("Kb") ? number * 1024 : number;
    }

    /** The first {@code bytes} characters of hex(sha256("NAME 0")) hex(sha256("NAME 1")) …. */
    private static String pattern(String name, int bytes) {
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        StringBuilder text = new StringBuilder();
        for (int block = 0; text.length() < bytes; block++) {
            byte[] digest = sha256.digest((name + " " + block).getBytes(StandardCharsets.US_ASCII));
            text.append(HexFormat.of().formatHex(digest));
        }
        return text.substring(0, bytes);
    }
}
