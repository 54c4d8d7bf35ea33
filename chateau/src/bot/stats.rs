//! The figures tournaments and the balance lab print: a win rate's 95 % confidence
//! interval (Wilson's score interval, which behaves near 0 and 1 and for few games)
//! percentiles of timings, and the clock timings are read on.

/// The Wilson score interval at 95 % for `wins` out of `games`.
///
/// ```
/// use castellan_chateau::bot::stats::wilson;
///
/// let (low, high) = wilson(50, 100);
/// assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3);
/// assert_eq!(wilson(0, 0), (0.0, 1.0));
/// ```
pub fn wilson(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = games as f64;
    let p = wins as f64 / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z * z / n;
    (
        ((centre - spread) / denominator).max(0.0),
        ((centre + spread) / denominator).min(1.0),
    )
}

/// The `q` quantile (0 to 1) of `values` (sorted in place), nearest rank; 0 for none.
///
/// ```
/// use castellan_chateau::bot::stats::percentile;
///
/// let mut times = vec![3.0, 1.0, 2.0, 10.0];
/// assert_eq!(percentile(&mut times, 0.5), 3.0);
/// assert_eq!(percentile(&mut times, 1.0), 10.0);
/// assert_eq!(percentile(&mut [], 0.5), 0.0);
/// ```
pub fn percentile(values: &mut [f32], q: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f32::total_cmp);
    let at = ((values.len() - 1) as f64 * q.clamp(0.0, 1.0)).round() as usize;
    f64::from(values[at])
}

/// Seconds of processor time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`).
/// Turns are timed on it: what one core spends on them, which other work on a shared
/// machine does not inflate, as it does the wall clock.
///
/// ```
/// use castellan_chateau::bot::stats::thread_cpu_seconds;
///
/// let before = thread_cpu_seconds();
/// let sum: u64 = (0..1_000_000u64).map(std::hint::black_box).sum();
/// assert!(sum > 0 && thread_cpu_seconds() >= before);
/// ```
pub fn thread_cpu_seconds() -> f64 {
    let now = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9
}
