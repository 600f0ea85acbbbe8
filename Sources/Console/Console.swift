/// The Console module (see DESIGN.md); its types arrive with their issue.
enum ConsoleModule {}
