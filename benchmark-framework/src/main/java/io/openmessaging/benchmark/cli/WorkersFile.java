package io.openmessaging.benchmark.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads upstream's workers file: {@code workers: [http://host:8080, …]}. */
final class WorkersFile {

    private WorkersFile() {}

    static List<String> read(Path file) throws IOException {
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
        } catch (IOException e) {
            throw new IOException(file + ": not a readable workers file: " + e.getMessage(), e);
        }
        JsonNode workers = root == null ? null : root.get("workers");
        if (workers == null || !workers.isArray() || workers.isEmpty()) {
            throw new IOException(
                    file + ": expected 'workers:' with a list of worker URLs such as" + " http://10.0.0.5:8080");
        }
        List<String> urls = new ArrayList<>();
        for (JsonNode worker : workers) {
            if (!worker.isTextual()) {
                throw new IOException(file + ": every entry of 'workers' must be a URL string, got " + worker);
            }
            urls.add(worker.asText());
        }
        return urls;
    }
}
