package io.openmessaging.benchmark.sweep;

/**
 * One least-squares fit of throughput against the swept parameter.
 *
 * @param form the model's form
 * @param a first coefficient (intercept, or factor of the power law)
 * @param b second coefficient (slope, or exponent of the power law)
 * @param rmse root-mean-square residual, in the unit of the throughput (msg/s): the error models are ranked by
 * @param rSquared coefficient of determination, {@code 1 − SSE/SST}; {@code NaN} when every throughput is equal
 */
public record ModelFit(ModelForm form, double a, double b, double rmse, double rSquared) {

    /** The fitted throughput at {@code x}. */
    public double predict(double x) {
        return form.value(a, b, x);
    }
}
