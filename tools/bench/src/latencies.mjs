// Growable buffer of latencies (ms, floats) with nearest-rank percentiles.

export class Latencies {
  values = new Float64Array(1 << 16)
  length = 0

  /** @param {number} ms */
  add(ms) {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2)
      bigger.set(this.values)
      this.values = bigger
    }
    this.values[this.length++] = ms
  }

  /**
   * Nearest-rank percentiles; NaN when empty.
   * @param {number[]} qs  quantiles in (0, 1]
   */
  quantiles(qs) {
    const sorted = this.values.slice(0, this.length).sort()
    return qs.map((q) => sorted[Math.max(0, Math.ceil(q * this.length) - 1)] ?? Number.NaN)
  }
}
