import Identity

extension SSHPrivateKey {
    /// This device's key (Identity's `DeviceKey`), labelled "device key" in errors.
    public init(deviceKey: DeviceKey) {
        self.init(privateKeyText: deviceKey.privateKeyText, publicKeyLine: deviceKey.publicLine, label: "device key")
    }
}
