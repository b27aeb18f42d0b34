package io.openmessaging.benchmark.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** Least-squares models of throughput against a parameter: known synthetic data give known coefficients. */
class ThroughputModelsTest {

    private static final double[] PARTITIONS = {1, 2, 4, 8, 16, 32};

    @Test
    void linearDataGiveTheLinearModelAndItsCoefficients() {
        double[] y = apply(x -> 2_000 + 30 * x);

        ModelFit fit = ThroughputModels.best(PARTITIONS, y).orElseThrow();

        assertThat(fit.form()).isEqualTo(ModelForm.LINEAR);
        assertThat(fit.a()).isCloseTo(2_000, within(1e-6));
        assertThat(fit.b()).isCloseTo(30, within(1e-8));
        assertThat(fit.rmse()).isLessThan(1e-6);
        assertThat(fit.rSquared()).isCloseTo(1, within(1e-12));
    }

    @Test
    void logarithmicDataGiveTheLogarithmicModel() {
        double[] y = apply(x -> 5_000 + 1_200 * Math.log(x));

        ModelFit fit = ThroughputModels.best(PARTITIONS, y).orElseThrow();

        assertThat(fit.form()).isEqualTo(ModelForm.LOGARITHMIC);
        assertThat(fit.a()).isCloseTo(5_000, within(1e-6));
        assertThat(fit.b()).isCloseTo(1_200, within(1e-6));
    }

    @Test
    void powerLawDataGiveThePowerLawAndItsExponent() {
        double[] sizes = {100, 1_024, 4_096, 10_240, 65_536};
        double[] y = new double[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            y[i] = 800_000 * Math.pow(sizes[i], -0.4);
        }

        List<ModelFit> fits = ThroughputModels.fitAll(sizes, y);

        assertThat(fits)
                .extracting(ModelFit::form)
                .containsExactly(ModelForm.POWER_LAW, ModelForm.LOGARITHMIC, ModelForm.LINEAR);
        ModelFit best = fits.get(0);
        assertThat(best.a()).isCloseTo(800_000, within(0.01));
        assertThat(best.b()).isCloseTo(-0.4, within(1e-9));
        assertThat(best.rmse()).isLessThan(1e-6);
        assertThat(fits.get(1).rmse()).isGreaterThan(100);
    }

    @Test
    void noisyDataAreFittedInTheirOwnUnitsAndRankedByResidualError() {
        // a power law with ±2 % alternating noise: the power law still wins, with an RMSE near the noise
        double[] y = new double[PARTITIONS.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = 10_000 * Math.pow(PARTITIONS[i], 0.5) * (i % 2 == 0 ? 1.02 : 0.98);
        }

        List<ModelFit> fits = ThroughputModels.fitAll(PARTITIONS, y);

        assertThat(fits.get(0).form()).isEqualTo(ModelForm.POWER_LAW);
        assertThat(fits.get(0).b()).isCloseTo(0.5, within(0.02));
        for (int i = 1; i < fits.size(); i++) {
            assertThat(fits.get(i).rmse())
                    .isGreaterThanOrEqualTo(fits.get(i - 1).rmse());
        }
        double sse = 0;
        for (int i = 0; i < y.length; i++) {
            double residual = y[i] - fits.get(0).predict(PARTITIONS[i]);
            sse += residual * residual;
        }
        assertThat(fits.get(0).rmse()).isCloseTo(Math.sqrt(sse / y.length), within(1e-9));
    }

    @Test
    void fewerThanThreeDistinctValuesGiveNoModel() {
        assertThat(ThroughputModels.fitAll(new double[] {1, 1, 4}, new double[] {10, 11, 12}))
                .isEmpty();
    }

    @Test
    void aZeroThroughputLeavesOutThePowerLaw() {
        List<ModelFit> fits = ThroughputModels.fitAll(new double[] {1, 2, 4}, new double[] {0, 100, 200});

        assertThat(fits)
                .extracting(ModelFit::form)
                .doesNotContain(ModelForm.POWER_LAW)
                .contains(ModelForm.LINEAR);
    }

    private static double[] apply(DoubleUnaryOperator model) {
        double[] y = new double[PARTITIONS.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = model.applyAsDouble(PARTITIONS[i]);
        }
        return y;
    }
}
