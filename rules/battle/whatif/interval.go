package whatif

// z95 is the standard normal quantile for a two-sided 95% interval.
const z95 = 1.959963984540054
