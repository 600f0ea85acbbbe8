/// The Sessions module (see DESIGN.md); its types arrive with their issue.
enum SessionsModule {}
