/// The Pairing module (see DESIGN.md); its types arrive with their issue.
enum PairingModule {}
