import Hosts

/// `drover hosts [SUBCOMMAND]`: the host registry. Without a subcommand it lists the hosts.
enum HostsCommand {
    static let command = Command(
        "hosts", summary: "list and edit the computers you attach to",
        usage: "hosts [list [--json | --names] | add | edit | rm | show | import-ssh-config] ...",
        details: """
            The registry lives in hosts.json under the Drover root ($DROVER_HOME, else
            $XDG_CONFIG_HOME/drover, else ~/.config/drover). Without a subcommand, lists the hosts.
            """,
        options: [HostsListCommand.jsonOption, HostsListCommand.namesOption],
        subcommands: [
            HostsListCommand.command, HostsAddCommand.command, HostsEditCommand.command,
            HostsRemoveCommand.command, HostsShowCommand.command, HostsImportCommand.command,
        ],
        action: { args, ctx in try HostsListCommand.run(args, ctx) })
}

