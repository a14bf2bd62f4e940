complete -c awale -l first -d 'Who moves first: a seat, or `hasard` to draw it' -r
complete -c awale -l set -d 'Set a variant option (repeatable); `VARIANT --help` lists them' -r
complete -c awale -l computer -d 'Give a seat to the computer, at a level: 1 initiation, 2 débutant, 3 amateur (default), 4 grand-maître (repeatable); `personne`: no seat' -r
complete -c awale -l think -d 'The time a level-4 decision (or a hint) may take, in seconds [default: 10; with --replay or --resume: the record\'s]' -r
complete -c awale -l threads -d 'The threads a level-4 decision (or a hint) searches on [default: every core]' -r
complete -c awale -l seed -d 'Fix every random choice (levels 1 to 3 then replay the same game)' -r
complete -c awale -l games -d 'Play a match of N games, the first player alternating [default: 1]; with --check, the random games of each set of options [default: 20]' -r
complete -c awale -l record -d 'Write the game to FILE (a new file) as it goes, on disk after every decision of a person; `--replay F --record F` goes on in F' -r -F
complete -c awale -l replay -d 'Replay the game recorded in FILE (its variant, options, seats and decisions), then go on reading decisions from standard input' -r -F
complete -c awale -l resume -d 'Go on with the Nth game of --kept [default: the last played that is unfinished and can be replayed], kept in $XDG_STATE_HOME/awale/games (~/.local/state/awale/games)' -r
complete -c awale -l position -d 'Play from a position, the text `position` prints at a prompt (`awale:N:0,0,0,0,0,1,0,0,0,0,0,2:20,25`): its variant, options and state; the repetition history starts empty there' -r
complete -c awale -l completions -d 'Print the completions of SHELL (bash, zsh, fish, elvish, powershell)' -r -f -a "bash\t''
elvish\t''
fish\t''
powershell\t''
zsh\t''"
complete -c awale -l analyse -d 'Review the game recorded in FILE, or the Nth kept game (a number, as --kept shows them): one line per decision (the input played, the best one, the loss in seeds), then one line per seat (decisions, errors of 2 seeds or more, blunders of 6 or more, average loss); each decision is searched at level 4 for --think seconds' -r -F
complete -c awale -l bench -d 'Measure the variant\'s speed over GAMES random games (and its computer player\'s)' -r
complete -c awale -l endgames -d 'Build the variant\'s endgame tables (Awalé, Oware) of every board of at most SEEDS seeds [default: 16] into $XDG_CACHE_HOME/awale/endgames (~/.cache/awale/endgames), where level 4 and reviews read them' -r
complete -c awale -l plugins -d 'The plugins folder [env: AWALE_PLUGINS; default: ~/.local/share/awale/plugins, then ../lib/awale/plugins, plugins/ and the folder of the executable]' -r -F
complete -c awale -l check -d 'Check the plugin library FILE against the contract through the stable ABI (random games to their end, seeds kept, clone and replay, options, one-line texts): one line per failure on standard output, status 0 when sound, 1 when not, 2 when FILE is not a plugin. --set plays those options alone; --games and --seed set the games' -r -F
complete -c awale -l list -d 'List the installed variants'
complete -c awale -l kept -d 'List the kept games, the last played first: number, date (UTC), variant, seats and levels, decisions, result or « en cours »'
complete -c awale -l no-keep -d 'Do not keep this game in $XDG_STATE_HOME/awale/games (every game a person plays is kept there otherwise, the last 100)'
complete -c awale -l man -d 'Print the manual page (roff, section 6)'
complete -c awale -s h -l help -d 'Print help (with a VARIANT: its options and rules; with --verbose: every option)'
complete -c awale -s v -l verbose -d 'Say more: with --help, every option; with --list, each variant\'s summary, options, version and file'
complete -c awale -s V -l version -d 'Print version'

# What depends on the installed variants, asked of awale itself.
function __awale_candidates
    set -l words (commandline -opc)
    set -l variant
    set -l plugins
    set -l sets
    set -l next
    for word in $words[2..-1]
        switch "$next"
            case plugins
                set plugins --plugins $word
                set next
                continue
            case set
                set -a sets --set $word
                set next
                continue
            case skip
                set next
                continue
        end
        switch $word
            case --plugins
                set next plugins
            case --set
                set next set
            case --resume --kept --replay --analyse --check --man
                return
            case --first --set --computer --think --threads --seed --games --record --replay --position --completions --analyse --bench --plugins --check
                set next skip
            case '--*'
            case '*'
                if test -z "$variant"
                    set variant $word
                end
        end
    end
    if test "$argv[1]" = variants -a -n "$variant"
        return
    end
    $words[1] $plugins $sets $variant --candidates $argv[1] 2>/dev/null
end
complete -c awale -n '__fish_is_first_arg' -f -a '(__awale_candidates variants)'
complete -c awale -l first -x -a '(__awale_candidates first)'
complete -c awale -l computer -x -a '(__awale_candidates computer)'
complete -c awale -l set -x -a '(__awale_candidates set)'
