/// The Hosts module (see DESIGN.md); its types arrive with their issue.
enum HostsModule {}
