import DroverCLI
import Foundation

exit(Drover.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
