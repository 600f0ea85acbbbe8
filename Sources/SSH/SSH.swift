/// The SSH module (see DESIGN.md); its types arrive with their issue.
enum SSHModule {}
