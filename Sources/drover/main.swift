import DroverCLI
import Foundation
import LibC

// A reader that goes away (`drover hosts list | head -1`, a closed window) makes writes fail
// with EPIPE, which every command reports, instead of killing Drover mid-write.
ignoreBrokenPipeSignal()
exit(Drover.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
