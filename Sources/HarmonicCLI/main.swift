import HarmonicCommandLine
import HarmonicStudio

HarmonicCommand.studio = StudioServer.serve
HarmonicCommand.main()
