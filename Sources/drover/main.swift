import DroverCLI
import LibC

// A reader that goes away (`drover hosts list | head -1`, a closed window) makes writes fail
// with EPIPE, which every command reports, instead of killing Drover mid-write.
ignoreBrokenPipeSignal()
// Helper threads share the main malloc arena: each extra arena keeps its touched pages (ADR 0018).
limitMallocArenas(to: 1)
exit(Drover.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
