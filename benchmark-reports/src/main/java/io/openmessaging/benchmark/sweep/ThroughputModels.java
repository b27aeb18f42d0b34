package io.openmessaging.benchmark.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.math3.analysis.ParametricUnivariateFunction;
import org.apache.commons.math3.exception.ConvergenceException;
import org.apache.commons.math3.exception.TooManyIterationsException;
import org.apache.commons.math3.fitting.SimpleCurveFitter;
import org.apache.commons.math3.fitting.WeightedObservedPoints;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * Least-squares models of throughput {@code y} against a swept parameter {@code x} (message size,
 * partitions, topics), after Dobbelaere and Esmaili's "Kafka versus RabbitMQ" (2017): linear
 * {@code a + b·x}, logarithmic {@code a + b·ln x} and power law {@code a·x^b}. Every form minimises the
 * squared error of {@code y} itself (the power law by Levenberg–Marquardt, started from the log–log line),
 * so their residual errors compare directly; the best is the one with the smallest RMSE (on a tie, the
 * simpler form in the order above). Numerics by Apache Commons Math.
 */
public final class ThroughputModels {

    /** Fewer distinct parameter values cannot tell the forms apart. */
    public static final int MIN_POINTS = 3;

    private ThroughputModels() {}

    /**
     * Every form that can be fitted to the points (the logarithmic form needs {@code x > 0}, the power law
     * {@code x > 0} and {@code y > 0}), best first; empty with fewer than {@link #MIN_POINTS} distinct {@code x}.
     */
    public static List<ModelFit> fitAll(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("x and y differ in length: " + x.length + " and " + y.length);
        }
        Set<Double> distinct = new HashSet<>();
        for (double value : x) {
            distinct.add(value);
        }
        List<ModelFit> fits = new ArrayList<>();
        if (distinct.size() < MIN_POINTS) {
            return fits;
        }
        boolean positiveX = allPositive(x);
        fits.add(linear(ModelForm.LINEAR, x, y));
        if (positiveX) {
            fits.add(linear(ModelForm.LOGARITHMIC, log(x), y));
            if (allPositive(y)) {
                powerLaw(x, y).ifPresent(fits::add);
            }
        }
        for (int i = 0; i < fits.size(); i++) {
            fits.set(i, withErrors(fits.get(i), x, y));
        }
        List<ModelFit> ranked = new ArrayList<>(fits);
        ranked.sort(Comparator.comparingDouble(ModelFit::rmse).thenComparing(ModelFit::form));
        return ranked;
    }

    /** The best of {@link #fitAll}, if any form could be fitted. */
    public static Optional<ModelFit> best(double[] x, double[] y) {
        List<ModelFit> fits = fitAll(x, y);
        return fits.isEmpty() ? Optional.empty() : Optional.of(fits.get(0));
    }

    private static ModelFit linear(ModelForm form, double[] x, double[] y) {
        SimpleRegression regression = new SimpleRegression();
        for (int i = 0; i < x.length; i++) {
            regression.addData(x[i], y[i]);
        }
        return new ModelFit(form, regression.getIntercept(), regression.getSlope(), Double.NaN, Double.NaN);
    }

    private static Optional<ModelFit> powerLaw(double[] x, double[] y) {
        ModelFit logLog = linear(ModelForm.LINEAR, log(x), log(y));
        WeightedObservedPoints points = new WeightedObservedPoints();
        for (int i = 0; i < x.length; i++) {
            points.add(x[i], y[i]);
        }
        double[] start = {Math.exp(logLog.a()), logLog.b()};
        try {
            double[] coefficients = SimpleCurveFitter.create(POWER_LAW, start)
                    .withMaxIterations(10_000)
                    .fit(points.toList());
            return Optional.of(
                    new ModelFit(ModelForm.POWER_LAW, coefficients[0], coefficients[1], Double.NaN, Double.NaN));
        } catch (ConvergenceException | TooManyIterationsException e) {
            return Optional.of(new ModelFit(ModelForm.POWER_LAW, start[0], start[1], Double.NaN, Double.NaN));
        }
    }

    private static ModelFit withErrors(ModelFit fit, double[] x, double[] y) {
        double mean = 0;
        for (double value : y) {
            mean += value / y.length;
        }
        double squaredErrors = 0;
        double squaredDeviations = 0;
        for (int i = 0; i < x.length; i++) {
            double residual = y[i] - fit.predict(x[i]);
            squaredErrors += residual * residual;
            squaredDeviations += (y[i] - mean) * (y[i] - mean);
        }
        double rSquared = squaredDeviations > 0 ? 1 - squaredErrors / squaredDeviations : Double.NaN;
        return new ModelFit(fit.form(), fit.a(), fit.b(), Math.sqrt(squaredErrors / x.length), rSquared);
    }

    private static boolean allPositive(double[] values) {
        for (double value : values) {
            if (!(value > 0)) {
                return false;
            }
        }
        return true;
    }

    private static double[] log(double[] values) {
        double[] logs = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            logs[i] = Math.log(values[i]);
        }
        return logs;
    }

    /** {@code a·x^b} and its gradient with respect to {@code (a, b)}, for Levenberg–Marquardt. */
    private static final ParametricUnivariateFunction POWER_LAW = new ParametricUnivariateFunction() {
        @Override
        public double value(double x, double... parameters) {
            return parameters[0] * Math.pow(x, parameters[1]);
        }

        @Override
        public double[] gradient(double x, double... parameters) {
            double power = Math.pow(x, parameters[1]);
            return new double[] {power, parameters[0] * power * Math.log(x)};
        }
    };
}
