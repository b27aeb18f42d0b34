package io.openmessaging.benchmark.cli;

import com.beust.jcommander.converters.IParameterSplitter;
import java.util.List;

/**
 * Keeps an option's value whole. JCommander splits the value of a list option at every comma by default,
 * which suits {@code --workers a,b} but breaks {@code --set KEY=VALUE}, whose value may hold commas (a
 * broker list {@code h1:9092,h2:9092}, a YAML list {@code [1000, 2000]}): such an option repeats instead.
 */
public final class NoSplitter implements IParameterSplitter {

    @Override
    public List<String> split(String value) {
        return List.of(value);
    }
}
