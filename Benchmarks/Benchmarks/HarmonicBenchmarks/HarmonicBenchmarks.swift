import Benchmark

// The entry point of the benchmark target. Each area lives in its own file as a function
// `<area>Benchmarks()`; to add an area, add a file with such a function and call it here.
let benchmarks: @Sendable () -> Void = {
    springSingleBenchmarks()
    springGridBenchmarks()
    springTimesBenchmarks()
    springBatchBenchmarks()
    decayBenchmarks()
    sharedBasisBenchmarks()
    springNetworkBenchmarks()
    particleBenchmarks()
    lottieBenchmarks()
    cubicBezierBenchmarks()
    cubicBezierSolverBenchmarks()
    engineFrameBenchmarks()
    layerTreeBenchmarks()
    pacingBenchmarks()
    keyframeBenchmarks()
    integratorBenchmarks()
    numberTextBenchmarks()
}
