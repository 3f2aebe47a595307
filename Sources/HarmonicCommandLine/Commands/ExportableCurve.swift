import HarmonicSpec

/// A curve of the spec format as the commands use it: sampled, plotted and exported.
///
/// The spec target parses and samples; plotting (``PlotDescribing``) and exporting
/// (``EasingExportable``) are the tool's own, so every curve kind conforms to them here.
typealias ExportableCurve = SampledCurve & PlotDescribing & EasingExportable

extension SpecCurve {
    /// The curve with the tool's plotting and export.
    var exportable: any ExportableCurve {
        switch self {
        case let .spring(curve): return curve
        case let .timingFunction(curve): return curve
        case let .keyframes(curve): return curve
        case let .path(curve): return curve
        case let .decay(curve): return curve
        case let .rubberBand(curve): return curve
        case let .springNetwork(curve): return curve
        }
    }
}
