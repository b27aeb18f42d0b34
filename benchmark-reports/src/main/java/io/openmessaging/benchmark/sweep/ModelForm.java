package io.openmessaging.benchmark.sweep;

/** The forms of throughput model fitted to a parameter sweep, as Dobbelaere and Esmaili did. */
public enum ModelForm {
    /** {@code y = a + b·x}. */
    LINEAR("y = a + b·x"),
    /** {@code y = a + b·ln(x)}. */
    LOGARITHMIC("y = a + b·ln(x)"),
    /** {@code y = a·x^b}. */
    POWER_LAW("y = a·x^b");

    private final String formula;

    ModelForm(String formula) {
        this.formula = formula;
    }

    public String formula() {
        return formula;
    }

    /** The model's value at {@code x} with coefficients {@code a}, {@code b}. */
    public double value(double a, double b, double x) {
        return switch (this) {
            case LINEAR -> a + b * x;
            case LOGARITHMIC -> a + b * Math.log(x);
            case POWER_LAW -> a * Math.pow(x, b);
        };
    }
}
