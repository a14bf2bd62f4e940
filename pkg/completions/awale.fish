complete -c awale -l first -d 'Qui joue le premier : une place (sud par défaut), ou hasard pour le tirer au sort' -r
complete -c awale -l set -d 'Règle une option de la variante (répétable) ; VARIANTE --help les donne' -r
complete -c awale -l computer -d 'Donne une place à l\'ordinateur, à un niveau : 1 initiation, 2 débutant, 3 amateur (par défaut), 4 grand-maître (répétable)' -r
complete -c awale -l think -d 'Le temps qu\'une décision du niveau 4 (ou un conseil) peut prendre, en secondes (10 par défaut ; avec --replay ou --resume : celui de la partie)' -r
complete -c awale -l threads -d 'Le nombre de fils de calcul d\'une décision du niveau 4 (ou d\'un conseil) ; par défaut, un par cœur' -r
complete -c awale -l seed -d 'Fixe chaque tirage au sort (les niveaux 1 à 3 rejouent alors la même partie)' -r
complete -c awale -l games -d 'Joue un match de N parties, le premier joueur changeant à chaque partie (1 par défaut) ; avec --check, les parties au hasard de chaque jeu d\'options (20 par défaut)' -r
complete -c awale -l record -d 'Écrit la partie dans FICHIER (un nouveau fichier) au fil du jeu, sur le disque après chaque décision d\'une personne ; --replay F --record F continue dans F' -r -F
complete -c awale -l replay -d 'Rejoue la partie écrite dans FICHIER (sa variante, ses options, ses places et ses décisions), puis continue à lire les décisions sur l\'entrée standard' -r -F
complete -c awale -l resume -d 'Reprend la Nième partie de --kept (par défaut, la dernière jouée qui n\'est pas finie et peut être rejouée), gardée dans $XDG_STATE_HOME/awale/games (~/.local/state/awale/games)' -r
complete -c awale -l position -d 'Part d\'une position, le texte que position écrit à l\'invite (awale:N:0,0,0,0,0,1,0,0,0,0,0,2:20,25) : sa variante, ses options et son état ; l\'historique des répétitions part de là, vide' -r
complete -c awale -l completions -d 'Écrit les complétions de SHELL (bash, zsh, fish, elvish, powershell)' -r -f -a "bash\t''
elvish\t''
fish\t''
powershell\t''
zsh\t''"
complete -c awale -l analyse -d 'Revoit la partie écrite dans FICHIER, ou la Nième partie gardée (un numéro, comme --kept les donne) : une ligne par décision (le coup joué, le meilleur, la perte en graines), puis une ligne par place (décisions, erreurs de 2 graines ou plus, gaffes de 6 ou plus, perte moyenne) ; chaque décision est cherchée au niveau 4 pendant --think secondes' -r -F
complete -c awale -l bench -d 'Mesure la vitesse de la variante sur PARTIES parties au hasard (et celle de son joueur ordinateur)' -r
complete -c awale -l endgames -d 'Construit les tables de fin de partie de la variante (Awalé, Oware) pour chaque plateau d\'au plus GRAINES graines (16 par défaut) dans $XDG_CACHE_HOME/awale/endgames (~/.cache/awale/endgames), où le niveau 4 et les revues les lisent' -r
complete -c awale -l engine -d 'Donne une place à un moteur du protocole, lancé par COMMANDE (répétable) : --engine nord=\'awale --uci\'. Les conseils viennent toujours de l\'ordinateur du programme' -r
complete -c awale -l match -d 'Fait jouer un match à deux moteurs du protocole, chacun lancé par COMMANDE (donnée deux fois : A, puis B) : chaque ouverture deux fois, places échangées, --think secondes par coup, --games parties ; le bilan dit le score et son intervalle à 95 %, l\'Elo, les marges et le temps par coup' -r
complete -c awale -l openings -d 'Les ouvertures de --match : N coups au hasard depuis le début (4 par défaut), ou un FICHIER d\'une ouverture par ligne (les coups de la variante)' -r
complete -c awale -l plugins -d 'Le dossier des variantes (ou la variable AWALE_PLUGINS) ; par défaut ~/.local/share/awale/plugins, puis ../lib/awale/plugins, plugins/ et le dossier du programme' -r -F
complete -c awale -l check -d 'Pour les auteurs de variantes : vérifie la bibliothèque d\'une variante (FICHIER) par des parties au hasard jusqu\'à leur fin (graines gardées, copie et rejeu, options, textes d\'une ligne) ; une ligne par défaut trouvé, statut 0 quand elle est saine, 1 sinon, 2 quand FICHIER n\'est pas une variante. --set joue ces options seules ; --games et --seed règlent les parties' -r -F
complete -c awale -l list -d 'Liste les variantes installées'
complete -c awale -l kept -d 'Liste les parties gardées, la dernière jouée en tête : numéro, date (UTC), variante, places et niveaux, décisions, résultat ou « en cours »'
complete -c awale -l no-keep -d 'Ne garde pas cette partie dans $XDG_STATE_HOME/awale/games (chaque partie qu\'une personne joue y est gardée sinon, les 100 dernières)'
complete -c awale -l man -d 'Écrit la page du manuel (roff, section 6)'
complete -c awale -l uci -d 'Parle le protocole des moteurs (UCI pour le mancala) sur l\'entrée et la sortie standard : l\'Oware Abapa comme Aualé et Aalina le parlent, toute autre variante par `setoption name UCI_Variant value ID` (ou VARIANTE)'
complete -c awale -s h -l help -d 'Écrit l\'aide (avec une VARIANTE : ses options et ses règles ; avec --verbose : toutes les options)'
complete -c awale -s v -l verbose -d 'En dit plus : avec --help, toutes les options ; avec --list, le résumé, les options, la version et le fichier de chaque variante'
complete -c awale -s V -l version -d 'Écrit la version'

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
            case --first --set --computer --think --threads --seed --games --record --replay --position --completions --analyse --bench --engine --match --openings --plugins --check
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
