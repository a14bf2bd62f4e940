_awale() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="awale"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        awale)
            opts="-h -v -V --list --first --set --computer --think --threads --seed --games --record --replay --resume --kept --no-keep --position --man --completions --analyse --bench --endgames --uci --engine --match --openings --plugins --check --help --verbose --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --first)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --set)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --computer)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --think)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --games)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --record)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --replay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --resume)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --position)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --completions)
                    COMPREPLY=($(compgen -W "bash elvish fish powershell zsh" -- "${cur}"))
                    return 0
                    ;;
                --analyse)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --bench)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --endgames)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --engine)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --match)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --openings)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plugins)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --check)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _awale -o nosort -o bashdefault -o default awale
else
    complete -F _awale -o bashdefault -o default awale
fi

# Completes what depends on the installed variants (variant ids, seats,
# options) by asking awale itself; clap's _awale completes the rest.
_awale_variants() {
    local line="${COMP_LINE:0:COMP_POINT}" cur prev variant="" alone="" plugins=() sets=() words i
    read -ra words <<< "$line"
    if [[ -z "$line" || "$line" == *[[:space:]] ]]; then
        cur=""
    else
        cur="${words[${#words[@]}-1]}"
        unset 'words[${#words[@]}-1]'
    fi
    prev="${words[${#words[@]}-1]}"
    i=1
    while [[ $i -lt ${#words[@]} ]]; do
        case "${words[i]}" in
            --plugins) plugins=(--plugins "${words[i+1]}"); i=$((i + 2)); continue ;;
            --plugins=*) plugins=("${words[i]}") ;;
            --set) (( i + 1 < ${#words[@]} )) && sets+=(--set "${words[i+1]}"); i=$((i + 2)); continue ;;
            --resume|--kept|--replay|--analyse|--check|--man) alone=1 ;;
            --first|--set|--computer|--think|--threads|--seed|--games|--record|--replay|--position|--completions|--analyse|--bench|--engine|--match|--openings|--plugins|--check) i=$((i + 2)); continue ;;
            -*) ;;
            *) [[ -z "$variant" ]] && variant="${words[i]}" ;;
        esac
        i=$((i + 1))
    done
    local what=""
    case "$prev" in
        --first) what=first ;;
        --computer) what=computer ;;
        --set) what=set ;;
        --first|--set|--computer|--think|--threads|--seed|--games|--record|--replay|--position|--completions|--analyse|--bench|--engine|--match|--openings|--plugins|--check) ;;
        *) [[ -z "$variant" && -z "$alone" && "$cur" != -* ]] && what=variants ;;
    esac
    if [[ -z "$what" ]]; then
        _awale "$@"
        return
    fi
    local IFS=$'\n'
    COMPREPLY=($(compgen -W "$("${words[0]}" "${plugins[@]}" "${sets[@]}" $variant --candidates "$what" 2>/dev/null)" -- "$cur"))
    if [[ "$cur" == *=* && "$COMP_WORDBREAKS" == *=* ]]; then
        local before="${cur%=*}="
        COMPREPLY=("${COMPREPLY[@]#"$before"}")
    fi
    [[ "$what" == variants ]] || compopt -o nospace 2>/dev/null
}
complete -F _awale_variants -o bashdefault -o default awale
