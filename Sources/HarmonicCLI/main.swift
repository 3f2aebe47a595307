import HarmonicCommandLine

HarmonicCommand.main()
