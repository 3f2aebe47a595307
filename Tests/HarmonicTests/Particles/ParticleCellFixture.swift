import Harmonic

/// A cell with a rate and lifetime, otherwise Core Animation's defaults, then `configure`d: the
/// particle suites' fixture.
func cell(_ name: String = "c", rate: Double, lifetime: Double, _ configure: (inout EmitterCell) -> Void = { _ in })
    -> EmitterCell
{
    var cell = EmitterCell(name: name)
    cell.birthRate = rate
    cell.lifetime = lifetime
    configure(&cell)
    return cell
}
