// Every user-facing string of the browser client, in English and Russian.
const STRINGS = {
  en: {
    title: "Card room", lobby: "Lobby", records: "Records", keeper: "Score keeper", language: "Language",
    games: "Games", game: "Game", options: "Options", default: "default", yes: "yes", no: "no",
    opt_variant: "Variant (convention)", opt_players: "Players", opt_scoring: "Scoring",
    opt_nt_minimum_level: "Lowest no-trump bid", opt_partner_overbid_only_after_opponents_pass: "Partner may overbid only after the opponents pass",
    opt_rotate_dealer_every_deal: "Dealer moves every deal", opt_draw_for_first_deal: "Draw for the first dealer",
    opt_lap: "Lap (extra points carry)", opt_fourth_game_after_lap: "Fourth game after a lap", opt_carried_points_count: "Carried points count",
    opt_sitting_out_dealer_takes_up: "Sitting-out dealer takes up", opt_first_dealer: "First dealer",
    opt_raspasy_with_passing: "Raspasy with passing cards", opt_talon_refusal_penalty: "Penalty for refusing the talon",
    opt_time_limit_rounds: "Time limit (rounds)",
    opt_pulya_length: "Pulya length", opt_laws: "Laws of irregularities", opt_laws_penalty_card_discard: "Penalty card may be discarded",
    opt_laws_remark_scope: "A remark counts until", opt_laws_void_impossible_concessions: "Impossible concessions are void",
    opt_royal_spades: "Royal spades", opt_nullo: "Nullo", opt_dealer_must_bid: "The dealer must bid",
    opt_equal_value_more_tricks: "Equal value: more tricks wins", opt_declarer_rule: "Declarer", opt_max_doublings: "Doublings at most",
    opt_undertrick: "Undertrick", opt_doubled_bonus: "Bonus when doubled", opt_slam_side: "Slams scored by",
    opt_game_points: "Game", opt_rubber_bonus: "Rubber bonus", opt_unfinished_game_bonus: "Unfinished game bonus",
    opt_doubling_limit: "Doubling limit", opt_honours: "Honours", opt_chicane: "Chicane", opt_slams: "Slams",
    opt_revoke_penalty: "Revoke penalty", opt_concede_max: "Tricks the declarer may concede",
    "val_first-to-name": "the first to name the suit", val_declarer: "declarer's side", val_fixed: "fixed",
    val_deal: "the whole deal", val_N: "North", val_E: "East", val_S: "South", val_W: "West",
    "val_next-turn": "the next turn", "val_winning-bidder": "the winning bidder", val_any: "either side",
    "val_below-100": "below 100", "val_cap-100": "100 at most", val_laws: "by the laws", val_none: "none",
    val_tricks: "tricks", val_england: "as in England",
    endTitle: "End of deal", endBy: "by", endTaken: "tricks", endNext: "Next deal", endWaiting: "Waiting for",
    end_passed: "All passed: refets", opt_f2_start: "F2: contracts column starts at minus", opt_f2_max_refets: "F2: refets per pulka",
    opt_f2_contracts_factor: "F2: contracts column worth (whists)", opt_f2_sans: "F2: no-trump contract (7)", opt_f2_whist_quota: "F2: tricks each whister must take",
    opt_f2_bettel_closed: "F2: Bettel caught closed", opt_f2_passer_invited: "F2: a lone whister's passer counts as invited", opt_f2_shortfall_when_failed: "F2: whister's shortfall penalised on a failed game", opt_f2_max_doublings: "F2: doublings (contra, recontra, …)",
    opt_f2_spades_rule: "F2: an undoubled two writes nothing", opt_f2_talon_face_down: "F2: the talon taken face down", opt_f2_deal_limit: "F2: deals at most",
    end_passed_out: "Passed out", end_thrown_in: "Thrown in", end_raspasy: "Raspasy", end_new_deal: "A new deal",
    preset: "Variant", previousDeal: "Previous deal", seed: "Practice seed", seedHint: "optional: a practice table, the same seed deals the same cards", kind: "Game",
    yourName: "Your name", openTable: "Open table", openTables: "Tables", noTables: "No tables yet.",
    refresh: "Refresh", watch: "Watch", join: "Open", replay: "Replay", table: "Table",
    moreTables: "More tables",
    allGames: "all games", clubEvening: "a club evening", prefTournament: "a preferans tournament", allVariants: "every variant", backToPlay: "back to the play", bbLevel: "Level", close: "Close",
    closeConfirm: "Close this table? Its match ends here, unfinished.", closeTable: "Close", defaultOptions: "standard options",
    earlierTrick: "earlier trick", explainAsk: "what does this call show?", explainTitle: "The call shows", filterGame: "Filter by game",
    filterVariant: "Filter by variant", finished: "finished", freeSeats: "free seats", laterTrick: "later trick", lostMatches: "lost",
    matchesPlayed: "Matches", moreOptions: "more", myMatches: "My matches", noMatches: "No matches yet.", onlyFree: "only tables with a free seat",
    otherPlayers: "Other players", playerPage: "Player", resultCol: "Result", sitShort: "sit", trickNo: "Trick", variantFilter: "Variant",
    wonMatches: "won",
    seat: "Seat", seats: "Seats", sit: "Sit here", invite: "Copy invitation", bot: "Bot",
    fillBots: "Fill empty seats with bots", copied: "Invitation link copied:", copyFailed: "Copy this invitation link:",
    joinTitle: "You are invited to a table", empty: "empty",
    invited: "invited", human: "player", botKind: "bot", you: "you", spectator: "You are watching",
    waiting: "Waiting for players…", toAct: "to act", yourTurn: "Your turn", chance: "dealing…",
    hand: "Hand", dummy: "Dummy", trick: "Trick", lastTrick: "Last trick", tricks: "Tricks",
    auction: "Auction", bidding: "Bidding", talon: "Talon", discard: "Discard", whists: "Whists",
    tablePiles: "Table piles", opt_redouble: "Redoubling", opt_second_card_follows: "The second card of a trick follows suit",
    makingTrump: "Making the trump", turnUp: "Turn-up", calls: "Calls", maker: "Maker", lone: "Alone",
    trump: "Trump", contract: "Contract", declarer: "Declarer", dealer: "Dealer", vulnerable: "Vulnerable",
    sittingOut: "Sitting out", phase: "Phase", actions: "Your move", sheet: "Score sheet",
    we: "We", they: "They", above: "above the line", below: "below the line", total: "Total",
    gamesWon: "Games", rubberWinner: "Rubber won by", pulya: "Pulya", gora: "Gora",
    whistsOn: "Whists on", liveSettlement: "Settlement now (whists)", pulyaLength: "Pulya to", player: "Player", deals: "Deals", round: "Round",
    points: "Points", gameNo: "Game", winner: "Winner", score: "Score", value: "Value",
    rubberPoints: "Rubber points", handsPlayed: "Hands", matchOver: "The match is over",
    downloadJson: "Download record (JSON)", downloadPbn: "Download record (PBN)",
    anotherMatch: "Another match", nextTable: "The next match is at table", goNext: "Go to it",
    error: "Error", connecting: "Connecting…", connected: "Connected", disconnected: "Disconnected — reconnecting…",
    position: "Position", deal: "Deal", step: "Step", first: "|◀", prev: "◀", next: "▶", last: "▶|",
    prevDeal: "◀ deal", nextDeal: "deal ▶", actionsLog: "Actions",
    reviewFile: "Review a record file", reviewIrregular: "not valued (an irregularity in the trick)", reviewUnvalued: "not valued (too far from the end for the solver)",
    reviewTitle: "Review with open cards", reviewShow: "Review the deal", reviewTrick: "Trick", reviewSeat: "Seat",
    reviewCard: "Card", reviewSide: "Side", reviewValue: "Tricks after it", reviewCost: "Cost", reviewBest: "Best",
    reviewCostly: "Cards that cost a trick", whatIf: "What if", whatIfFrom: "From the position after cards",
    whatIfCards: "Cards played instead (e.g. AS 10H)", whatIfRun: "Play them", whatIfToPlay: "to play; the side's best",
    whatIfOver: "The play is over.",
    noReplay: "This server has no replay endpoint; showing the recorded actions only.",
    notFinished: "The match is not finished yet: replay is for finished matches.",
    redeeming: "Taking the invited seat…", back: "Back to the lobby", seatsAll: "seats",
    noSheet: "No score yet.", unknownTable: "No such table", won: "won", annulled: "annulled",
    owner: "You opened this table", kind_tricks: "tricks", kind_overtricks: "overtricks",
    kind_undertricks: "undertricks", kind_rubber: "rubber", kind_honours: "honours", kind_slam: "slam",
    kind_insult: "insult", kind_game: "game", kind_partscore: "part score", kind_unfinished: "unfinished",
    phase_deal: "deal", phase_auction: "auction", phase_play: "play", phase_over: "over", phase_discard: "discard",
    phase_declare: "naming the game", phase_whist: "whisting", phase_defence: "defence", phase_concede: "conceding",
    phase_invite: "invitation", phase_passing: "passing", phase_choice: "choice", phase_round1: "first round",
    phase_round2: "second round", phase_draw: "draw", phase_takeover: "takeover", phase_doubling: "doubling",
    inPlay: "in play", handNo: "Hand", lapIn: "lap carried in", gameWonBy: "won by", worth: "worth", lapOut: "lap carried",
    unfinishedMatch: "The match was left unfinished", unfinishedGame: "unfinished", gameTitle_bridge: "bridge", gameTitle_preferans: "preferans", gameTitle_euchre: "euchre",
    youSitOut: "You deal and sit out this deal", dealerSitsOut: "deals, sits out", sitsOutAlone: "sits out: partner plays alone",
    playsAlone: "plays alone", factAlone: "Plays alone", turnUp_none: "—", "turnUp_on pack": "on the pack", "turnUp_taken up": "taken up",
    "turnUp_turned down": "turned down", turnUp_dead: "turned down", turnUp_played: "played",
    hint: "hint", hintTitle: "What the strongest bot would play", hintBest: "best", hintBestLabel: "Best", hintTricks: "average tricks", hintScore: "expected score", hintWait: "thinking…",
    abandon: "Abandon the match", abandonConfirm: "Abandon this match? It ends here, unfinished, for every player.",
    lawsMode: "Laws mode: irregularities are ruled on", irregularToggle: "Act out of turn / irregularly",
    irregularOn: "Irregular actions: ON — click a card (or a call) to make it out of turn", irregularCalls: "Irregular call",
    irregularConfirm: "Make this irregular action? It is recorded and the other side chooses the ruling:",
    irregularOther: "Other event (e.g. expose KH)", irregularSend: "Send",
    ruling: "Ruling", law: "Law", offender: "Offender", happened: "What happened", chooser: "Chooses",
    youChoose: "You choose the ruling:", theyChoose: "waiting for the ruling of", faceUp: "Face-up (penalty) cards",
    restrictions: "Restrictions", irregularities: "Irregularities this deal", lapses: "The right lapses",
    claimTricks: "Of the remaining tricks:", claim: "Claim", concede: "Concede", lawsBadge: "laws",
    practiceBadge: "practice table (known deals)", practiceHint: "the seed was chosen when the table was made: whoever knows it knows every hand",
    abandoned: "The match was abandoned",
    variant_sochi: "Sochi", variant_leningrad: "Leningrad", variant_rostov: "Rostov", variant_moscow: "Moscow bullet",
    variant_ural: "Ural bullet", variant_kazakhstan: "Kazakhstan", variant_piter: "Piter races",
    variant_greek: "Greek cash box",
    kassa: "Cash box", chips: "Chips", money: "Money", kassaOf: "Box", pointPrice: "a point =",
    opt_greek_kassa: "Cash box size", opt_greek_point_price: "Money value of a point",
    opt_greek_first_share: "First whister answers for (6…10)", opt_greek_second_share: "Second whister answers for (6…10)",
    opt_greek_take: "«I'll take» (preliminary bid)", opt_greek_take_penalty: "«I'll take» refused: points, chips",
    opt_greek_ten_nt: "10 NT (A: 11, B: 10)", opt_greek_ten_as_nine: "«10 as 9»", opt_greek_four_aces: "Four aces (A / B)",
    opt_greek_aces_points: "Four aces A: value rise", opt_greek_aces_chips: "Four aces B: chips",
    opt_greek_counter_invitation: "Counter-invitation", opt_greek_overtrump: "Must over-trump",
    opt_greek_end_two_empty: "End with two empty boxes", opt_greek_sitout_chips: "Sitting-out player: one / two+ short",
    "variant_foreign-f1": "Foreign F1: Bettel and Durchmarsch", "variant_foreign-f3": "Foreign F3: Kunstwerk and aus den Händen",
    tag_extra: "German contract", tag_kunstwerk: "Kunstwerk",
    opt_extra_contracts: "German-named contracts (F1 / F3)", opt_russian_misere: "Russian misère on the ladder",
    opt_extra_values: "Bettel, Durchmarsch, Plauderer, Offener Durchmarsch: stakes",
    opt_extra_no_talon_factor: "Without the talon: payment ×", opt_must_beat: "Must beat the trick (F1)",
    opt_aus_den_handen: "Aus den Händen (F3)", opt_aus_den_handen_extra: "Aus den Händen: extra tricks on a suit game",
    opt_kunstwerk: "Kunstwerk: paid to the dealer",
    "variant_foreign-f2": "Foreign F2: contracts column and the hat", f2Start: "Written off from", f2Contracts: "Contracts", f2On: "on",
    f2Refets: "Refets", f2Hat: "hat", f2InvertedHat: "inverted hat", f2RefetUsed: "refet used",
    val_doc001: "rubber (document 001)", val_modern: "modern", val_game: "as a game",
    tag_game: "game", tag_help: "help", tag_tricks: "tricks", tag_consolation: "consolation", tag_shortfall: "shortfall",
    tag_misere: "misère", tag_raspasy: "raspasy", tag_zero: "zero", tag_talon: "talon", "tag_half-whist": "half-whist",
    "tag_prize-first-pulya": "prize for the first pulya", "tag_prize-first-gora": "prize for the first gora",
    "tag_round-prize": "round prize", tag_preferans: "preferans", tag_burnt: "burnt", "tag_talon-refusal": "talon refused",
    // social.js: claims, undo, timer, chat, switches
    sClaim: "Claim", sClaimTricks: "Tricks I take from here:", sClaimOf: "Claim by", sClaimOfRest: "of the remaining tricks",
    sClaimHand: "The claimer's hand:", sClaim_accepted: "accepted", sClaim_rejected: "rejected, play goes on", sClaim_lapsed: "lapsed (time)",
    sAccept: "Accept", sReject: "Reject", sWaitingFor: "Waiting for", sUndoAsk: "Ask to undo my last action", sUndoOf: "Undo asked by",
    sUndo_agreed: "agreed", sUndo_refused: "refused", sUndo_lapsed: "lapsed (time)", sAgree: "Agree", sRefuse: "Refuse",
    sTimerNote: "Move timer", sSeconds: "s", sTimerActed: "Time is up: the bot played for",
    sPrefSound: "Sound", sPrefAnimation: "Card animation", sChat: "Chat", sChatSend: "Send", sChatPlaceholder: "Message (200 characters at most)",
    sMute: "Mute", sMuted: "Muted",
    clubTitle: "Club table (1913)", clubPhase: "Now", clubPhase_forming: "forming the table", clubPhase_rubber: "a rubber is played",
    clubPhase_between: "between rubbers", clubPhase_broken: "broken up", clubRubbers: "Rubbers", clubPlayer: "Player",
    clubPlaying: "The rubber's four", clubGoTable: "Go to the rubber's table", clubWaiting: "Waiting (in the order of their announcement, law 20)",
    clubNobody: "nobody", clubMembers: "Members (six make a complete table, law 18)", clubConsecutive: "consecutive rubbers",
    clubCuts: "The cut", clubCut_precedence: "for precedence (law 17)", clubCut_partners: "for partners and deal (law 19)",
    clubCut_out: "for cutting out (law 21)", clubWentOut: "Went out (law 21)", clubCameIn: "Came in", clubRubber: "Rubber",
    clubPlayers: "Players", clubAgreed: "Agreed", clubBook: "The score book", clubBookNote: "trick / honour score; a proved error may be corrected until agreed (laws 12-13)",
    clubBrokenBy: "The table was broken up by", clubPrior: "prior right of entry elsewhere (law 27)", clubJoin: "Join the table", clubAgree: "Agree the score",
    clubNS: "North–South", clubEW: "East–West",
    clubActions: "Your actions at the table", clubRulings: "Rulings (laws 12-13, 36-38)", clubSide: "Side", clubPart: "Score",
    clubPart_trick: "trick score", clubPart_honour: "honour score", clubPoints: "Points",
    clubFixNote: "Write a figure in the book, or claim a correction: a proved error is corrected until the score is agreed (laws 12-13)",
    clubWrite: "Write in the book", clubCorrect: "Claim a correction", clubFault: "Fault in the deal (law 37)",
    clubFault_a: "(a) not dealt from the left one at a time", clubFault_b: "(b) the pack is incorrect", clubFault_c: "(c) a card faced or exposed",
    clubFault_d: "(d) more than thirteen cards to a player", clubFault_e: "(e) the last card not to the dealer",
    clubFault_f: "(f) not cut, out of turn or the opponents' pack", clubInTime: "claimed before looking at my cards (law 37 f)",
    clubClaim: "Claim a new deal", clubSubstitute: "Appoint a substitute (law 26)", clubConsent: "Consent to a substitute for (law 26)",
    clubMoveTo: "Another table", clubReturn: "I shall return when my place there is filled (law 25)", clubMove: "Join that table (laws 23-25)",
    clubLeave: "Leave the table (law 20)", clubBreak: "Break up the table (law 27)", clubEntry: "Claim entry there with the prior right (law 27)",
  },
  ru: {
    title: "Карточный клуб", lobby: "Лобби", records: "Записи", keeper: "Счётчик", language: "Язык",
    games: "Игры", game: "Игра", options: "Условия", default: "по умолчанию", yes: "да", no: "нет",
    opt_variant: "Вариант (конвенция)", opt_players: "Игроков", opt_scoring: "Запись",
    opt_nt_minimum_level: "Наименьшая заявка без козыря", opt_partner_overbid_only_after_opponents_pass: "Партнёр перебивает только после паса противников",
    opt_rotate_dealer_every_deal: "Сдающий меняется каждую сдачу", opt_draw_for_first_deal: "Жребий на первую сдачу",
    opt_lap: "Перенос лишних очков", opt_fourth_game_after_lap: "Четвёртая партия после переноса", opt_carried_points_count: "Перенесённые очки считаются",
    opt_sitting_out_dealer_takes_up: "Неиграющий сдающий берёт карту", opt_first_dealer: "Первый сдающий",
    opt_raspasy_with_passing: "Распасы с передачей карт", opt_talon_refusal_penalty: "Штраф за отказ от прикупа",
    opt_time_limit_rounds: "Лимит времени (круги)",
    opt_pulya_length: "Длина пули", opt_laws: "Законы о нарушениях", opt_laws_penalty_card_discard: "Штрафную карту можно сбросить",
    opt_laws_remark_scope: "Замечание действует до", opt_laws_void_impossible_concessions: "Невозможные уступки недействительны",
    opt_royal_spades: "Королевские пики", opt_nullo: "Нулло", opt_dealer_must_bid: "Сдающий обязан заявить",
    opt_equal_value_more_tricks: "При равной стоимости — больше взяток", opt_declarer_rule: "Разыгрывающий", opt_max_doublings: "Удвоений не больше",
    opt_undertrick: "Недобор", opt_doubled_bonus: "Премия за контру", opt_slam_side: "Шлем записывает",
    opt_game_points: "Гейм", opt_rubber_bonus: "Премия за роббер", opt_unfinished_game_bonus: "Премия за неоконченный гейм",
    opt_doubling_limit: "Предел удвоений", opt_honours: "Онёры", opt_chicane: "Шикана", opt_slams: "Шлемы",
    opt_revoke_penalty: "Штраф за ренонс", opt_concede_max: "Сколько взяток можно отдать без игры",
    "val_first-to-name": "первый назвавший масть", val_declarer: "сторона разыгрывающего", val_fixed: "фиксированный",
    val_deal: "всей сдачи", val_N: "Север", val_E: "Восток", val_S: "Юг", val_W: "Запад",
    "val_next-turn": "следующего хода", "val_winning-bidder": "назначивший последним", val_any: "любая сторона",
    "val_below-100": "до 100", "val_cap-100": "не больше 100", val_laws: "по законам", val_none: "нет",
    val_tricks: "взятками", val_england: "по-английски",
    endTitle: "Конец сдачи", endBy: "играл", endTaken: "взяток", endNext: "Следующая сдача", endWaiting: "Ждём",
    end_passed: "Все спасовали: рефеты", opt_f2_start: "Шляпа: колонка контрактов начинается с минус", opt_f2_max_refets: "Шляпа: рефетов в пульке",
    opt_f2_contracts_factor: "Шляпа: очко колонки контрактов (вистов)", opt_f2_sans: "Шляпа: бескозырный контракт (7)", opt_f2_whist_quota: "Шляпа: взяток на каждого вистующего",
    opt_f2_bettel_closed: "Шляпа: беттель ловится втемную", opt_f2_passer_invited: "Шляпа: пасующий приглашён одиночным вистующим", opt_f2_shortfall_when_failed: "Шляпа: штраф вистующему и при ремизе", opt_f2_max_doublings: "Шляпа: удвоений (контра, реконтра, …)",
    opt_f2_spades_rule: "Шляпа: незаконтренная двойка не пишется", opt_f2_talon_face_down: "Шляпа: прикуп втемную", opt_f2_deal_limit: "Шляпа: сдач не больше",
    end_passed_out: "Все спасовали", end_thrown_in: "Сдача брошена", end_raspasy: "Распасы", end_new_deal: "Пересдача",
    preset: "Вариант", previousDeal: "Предыдущая сдача", seed: "Зерно тренировки", seedHint: "необязательно: тренировочный стол, то же зерно — те же карты", kind: "Игра",
    yourName: "Ваше имя", openTable: "Открыть стол", openTables: "Столы", noTables: "Столов пока нет.",
    refresh: "Обновить", watch: "Смотреть", join: "Открыть", replay: "Просмотр", table: "Стол",
    moreTables: "Ещё столы",
    allGames: "все игры", clubEvening: "клубный вечер", prefTournament: "турнир по преферансу", allVariants: "все варианты", backToPlay: "к игре", bbLevel: "Уровень", close: "Закрыть",
    closeConfirm: "Закрыть этот стол? Матч закончится здесь, не доигранным.", closeTable: "Закрыть", defaultOptions: "обычные условия",
    earlierTrick: "предыдущая взятка", explainAsk: "что показывает эта заявка?", explainTitle: "Заявка показывает", filterGame: "Отбор по игре",
    filterVariant: "Отбор по варианту", finished: "окончено", freeSeats: "свободных мест", laterTrick: "следующая взятка", lostMatches: "проиграно",
    matchesPlayed: "Матчей", moreOptions: "ещё", myMatches: "Мои матчи", noMatches: "Матчей пока нет.", onlyFree: "только столы со свободным местом",
    otherPlayers: "Другие игроки", playerPage: "Игрок", resultCol: "Результат", sitShort: "сесть", trickNo: "Взятка", variantFilter: "Вариант",
    wonMatches: "выиграно",
    seat: "Место", seats: "Места", sit: "Сесть", invite: "Скопировать приглашение", bot: "Бот",
    fillBots: "Посадить ботов на свободные места", copied: "Ссылка-приглашение скопирована:", copyFailed: "Скопируйте ссылку-приглашение:",
    joinTitle: "Вас пригласили за стол", empty: "свободно",
    invited: "приглашён", human: "игрок", botKind: "бот", you: "вы", spectator: "Вы зритель",
    waiting: "Ждём игроков…", toAct: "ходит", yourTurn: "Ваш ход", chance: "сдача…",
    hand: "Рука", dummy: "Болван", trick: "Взятка", lastTrick: "Последняя взятка", tricks: "Взятки",
    auction: "Торговля", bidding: "Торговля", talon: "Прикуп", discard: "Снос", whists: "Висты",
    tablePiles: "Стопки на столе", opt_redouble: "Реванш (переудвоение)", opt_second_card_follows: "Вторая карта во взятке — в масть",
    makingTrump: "Назначение козыря", turnUp: "Открытая карта", calls: "Заявки", maker: "Назначил",
    lone: "В одиночку", trump: "Козырь", contract: "Контракт", declarer: "Разыгрывающий", dealer: "Сдающий",
    vulnerable: "В зоне", sittingOut: "Не играет", phase: "Фаза", actions: "Ваш ход",
    sheet: "Запись", we: "Мы", they: "Они", above: "над чертой", below: "под чертой", total: "Итого",
    gamesWon: "Геймы", rubberWinner: "Роббер выиграли", pulya: "Пуля", gora: "Гора",
    whistsOn: "Висты на", liveSettlement: "Расчёт сейчас (висты)", pulyaLength: "Пуля до", player: "Игрок", deals: "Сдачи", round: "Круг",
    points: "Очки", gameNo: "Партия", winner: "Победитель", score: "Счёт", value: "Стоимость",
    rubberPoints: "Очки роббера", handsPlayed: "Сдачи", matchOver: "Матч окончен",
    downloadJson: "Скачать запись (JSON)", downloadPbn: "Скачать запись (PBN)",
    anotherMatch: "Ещё матч", nextTable: "Следующий матч — за столом", goNext: "Перейти",
    error: "Ошибка", connecting: "Соединение…", connected: "Соединено", disconnected: "Нет связи — переподключение…",
    position: "Позиция", deal: "Сдача", step: "Шаг", first: "|◀", prev: "◀", next: "▶", last: "▶|",
    prevDeal: "◀ сдача", nextDeal: "сдача ▶", actionsLog: "Ходы",
    reviewFile: "Разобрать файл записи", reviewIrregular: "без оценки (нарушение во взятке)", reviewUnvalued: "без оценки (слишком далеко от конца для решателя)",
    reviewTitle: "Разбор в открытую", reviewShow: "Разобрать сдачу", reviewTrick: "Взятка", reviewSeat: "Место",
    reviewCard: "Карта", reviewSide: "Сторона", reviewValue: "Взяток после неё", reviewCost: "Потеря", reviewBest: "Лучше",
    reviewCostly: "Карт, стоивших взятки", whatIf: "Что если", whatIfFrom: "С положения после карт",
    whatIfCards: "Карты вместо записанных (например ТП 10Ч)", whatIfRun: "Сыграть", whatIfToPlay: "ходит; лучшее для стороны",
    whatIfOver: "Розыгрыш окончен.",
    noReplay: "На этом сервере нет просмотра партий; показаны только записанные ходы.",
    notFinished: "Матч ещё не окончен: просмотр — для оконченных матчей.",
    redeeming: "Занимаем место по приглашению…", back: "В лобби", seatsAll: "мест",
    noSheet: "Записей пока нет.", unknownTable: "Нет такого стола", won: "взял", annulled: "аннулировано",
    owner: "Вы открыли этот стол", kind_tricks: "взятки", kind_overtricks: "лишние взятки",
    kind_undertricks: "недобор", kind_rubber: "роббер", kind_honours: "онёры", kind_slam: "шлем",
    kind_insult: "штраф", kind_game: "гейм", kind_partscore: "частичная запись", kind_unfinished: "неоконченный",
    phase_deal: "сдача", phase_auction: "торговля", phase_play: "розыгрыш", phase_over: "окончено", phase_discard: "снос",
    phase_declare: "заказ игры", phase_whist: "висты", phase_defence: "защита", phase_concede: "сдача игры",
    phase_invite: "приглашение", phase_passing: "передача карт", phase_choice: "выбор", phase_round1: "первый круг",
    phase_round2: "второй круг", phase_draw: "жеребьёвка", phase_takeover: "перехват", phase_doubling: "удвоения",
    inPlay: "идёт", handNo: "Сдача", lapIn: "нахлёст перенесён", gameWonBy: "выиграли", worth: "стоит", lapOut: "нахлёст переносится",
    unfinishedMatch: "Матч не окончен (прерван)", unfinishedGame: "не окончена", gameTitle_bridge: "бридж", gameTitle_preferans: "преферанс", gameTitle_euchre: "юкер",
    youSitOut: "Вы сдаёте и в этой сдаче не играете", dealerSitsOut: "сдаёт, не играет", sitsOutAlone: "не играет: партнёр играет один",
    playsAlone: "играет в одиночку", factAlone: "Играет один", turnUp_none: "—", "turnUp_on pack": "на колоде", "turnUp_taken up": "взята",
    "turnUp_turned down": "перевёрнута", turnUp_dead: "перевёрнута", turnUp_played: "сыграна",
    hint: "подсказка", hintTitle: "Что сыграл бы сильнейший бот", hintBest: "лучший", hintBestLabel: "Лучший ход", hintTricks: "взяток в среднем", hintScore: "ожидаемый счёт", hintWait: "думаю…",
    abandon: "Прервать матч", abandonConfirm: "Прервать матч? Он закончится здесь, неоконченным, для всех игроков.",
    lawsMode: "Стол с правилами о нарушениях", irregularToggle: "Нарушение: ход не в очередь",
    irregularOn: "Нарушения включены — нажмите карту (или заявку), чтобы сыграть её не в очередь", irregularCalls: "Заявка с нарушением",
    irregularConfirm: "Совершить нарушение? Оно будет записано, и другая сторона выберет наказание:",
    irregularOther: "Другое (например, expose KH)", irregularSend: "Отправить",
    ruling: "Решение", law: "Закон", offender: "Нарушитель", happened: "Что произошло", chooser: "Выбирает",
    youChoose: "Выберите решение:", theyChoose: "ждём решения от", faceUp: "Открытые (штрафные) карты",
    restrictions: "Ограничения", irregularities: "Нарушения в этой сдаче", lapses: "Право теряется",
    claimTricks: "Из оставшихся взяток:", claim: "Претензия", concede: "Уступить", lawsBadge: "по правилам",
    practiceBadge: "тренировочный стол (сдачи известны)", practiceHint: "зерно выбрано при открытии стола: кто его знает, знает все руки",
    "opt_accept": "принять", "ropt_accept": "принять (нарушение остаётся в силе)", "ropt_waive": "без наказания",
    "ropt_penalty-card": "штрафная карта", "ropt_lead-penalty": "штраф на ход", "ropt_cancel": "отменить",
    "ropt_new-deal": "пересдача", "ropt_redeal": "пересдача", "ropt_penalty": "штраф", "ropt_require": "потребовать ход в",
    "ropt_forbid": "запретить ход в", "ropt_call-card": "назвать карту", "ropt_call-suit": "назвать масть",
    "ropt_transfer": "передать взятки", "ropt_stands": "оставить в силе", "ropt_highest": "старшую", "ropt_lowest": "младшую",
    "ropt_win": "взять взятку", "ropt_lose": "отдать взятку", "ropt_tricks": "взятки", "ropt_correct": "исправить",
    "ropt_retract": "забрать назад", "ropt_side-pass": "сторона пасует", "ropt_partner-pass": "партнёр пасует",
    "ropt_no-penalty": "без штрафа", "ropt_game-lost": "игра проиграна", "ropt_gora": "в гору",
    "ropt_exposed": "открытая карта", "ropt_penalty-cards": "штрафные карты", "ropt_play-it": "сыграть её",
    "ropt_enforce": "применить", "ropt_refuse": "отказаться", "ropt_consent": "согласиться", "ropt_dispute": "оспорить",
    "lawtitle_Lead out of turn": "Ход не в очередь", "lawtitle_Penalty cards": "Штрафные карты",
    "lawtitle_Exposed cards": "Открытые карты", "lawtitle_Revoke": "Ренонс", "lawtitle_Call out of turn": "Заявка не в очередь",
    "lawtitle_Bid out of turn": "Заявка не в очередь", "lawtitle_Pass out of turn": "Пас не в очередь",
    "lawtitle_Insufficient bid": "Недостаточная заявка", "lawtitle_Premature play": "Преждевременный ход",
    "lawtitle_Lead or play out of turn": "Ход или снос не в очередь", "lawtitle_Revoke («ренонс»)": "Ренонс",
    "lawtitle_Card shown during the play": "Карта показана во время розыгрыша", "lawtitle_Lead penalty": "Штраф на ход",
    "kind_lead-out-of-turn": "ход не в очередь", "kind_play-out-of-turn": "снос не в очередь", "kind_revoke": "ренонс",
    "kind_call-out-of-turn": "заявка не в очередь", "kind_penalty-card-suit": "масть штрафной карты",
    abandoned: "Матч прерван",
    variant_sochi: "Сочинка", variant_leningrad: "Ленинградка", variant_rostov: "Ростов", variant_moscow: "Московская пулька",
    variant_ural: "Уральская пуля", variant_kazakhstan: "Казахстанка", variant_piter: "Питерские скачки",
    variant_greek: "Греческий преферанс (касса)",
    kassa: "Касса", chips: "Фишки", money: "Деньги", kassaOf: "Касса", pointPrice: "очко =",
    opt_greek_kassa: "Величина кассы", opt_greek_point_price: "Стоимость очка кассы",
    opt_greek_first_share: "Первый вистующий отвечает за (6…10)", opt_greek_second_share: "Второй вистующий отвечает за (6…10)",
    opt_greek_take: "«Возьму» (предварительная заявка)", opt_greek_take_penalty: "Отказ после «возьму»: очки, фишки",
    opt_greek_ten_nt: "10 без козыря (А: 11, Б: 10)", opt_greek_ten_as_nine: "«10 как 9»", opt_greek_four_aces: "Четыре туза (А / Б)",
    opt_greek_aces_points: "Четыре туза А: прибавка к стоимости", opt_greek_aces_chips: "Четыре туза Б: фишки",
    opt_greek_counter_invitation: "Контрприглашение", opt_greek_overtrump: "Перебитие старшим козырем",
    opt_greek_end_two_empty: "Конец при двух пустых кассах", opt_greek_sitout_chips: "Выходящему: без одной / без двух",
    "variant_foreign-f1": "Беттель и дурхмарш (иностранный вариант 1)", "variant_foreign-f3": "Кунстверк и игра с рук (иностранный вариант 3)",
    tag_extra: "немецкий контракт", tag_kunstwerk: "кунстверк",
    opt_extra_contracts: "Немецкие контракты (иностранные варианты 1 и 3)", opt_russian_misere: "Русский мизер в торговле",
    opt_extra_values: "Беттель, дурхмарш, плаудерер, открытый дурхмарш: ставки",
    opt_extra_no_talon_factor: "Без прикупа: плата ×", opt_must_beat: "Перебивать обязательно (вариант 1)",
    opt_aus_den_handen: "Игра с рук (вариант 3)", opt_aus_den_handen_extra: "Игра с рук: лишние взятки в мастевой игре",
    opt_kunstwerk: "Кунстверк: плата сдатчику",
    "variant_foreign-f2": "Колонка контрактов и шляпа (иностранный вариант 2)", f2Start: "Списывают с", f2Contracts: "Контракт", f2On: "на",
    f2Refets: "Рефеты", f2Hat: "шляпа", f2InvertedHat: "перевёрнутая шляпа", f2RefetUsed: "рефет использован",
    val_doc001: "роббер (документ 001)", val_modern: "современная", val_game: "как игра",
    tag_game: "игра", tag_help: "помощь", tag_tricks: "взятки", tag_consolation: "консоляция", tag_shortfall: "недобор вистующего",
    tag_misere: "мизер", tag_raspasy: "распасы", tag_zero: "ноль", tag_talon: "прикуп", "tag_half-whist": "полвиста",
    "tag_prize-first-pulya": "приз за первую пулю", "tag_prize-first-gora": "приз за первую гору",
    "tag_round-prize": "приз за круг", tag_preferans: "преферанс", tag_burnt: "сгорел", "tag_talon-refusal": "отказ от прикупа",
    // social.js: claims, undo, timer, chat, switches
    sClaim: "Заявить", sClaimTricks: "Беру взяток отсюда:", sClaimOf: "Заявка игрока", sClaimOfRest: "из оставшихся взяток",
    sClaimHand: "Карты заявившего:", sClaim_accepted: "принята", sClaim_rejected: "отклонена, игра продолжается", sClaim_lapsed: "истекла (время)",
    sAccept: "Принять", sReject: "Отклонить", sWaitingFor: "Ждём ответа:", sUndoAsk: "Попросить взять мой ход назад", sUndoOf: "Ход назад просит",
    sUndo_agreed: "согласились", sUndo_refused: "отказали", sUndo_lapsed: "истекла (время)", sAgree: "Согласиться", sRefuse: "Отказать",
    sTimerNote: "Время на ход", sSeconds: "с", sTimerActed: "Время вышло: за игрока сходил бот —",
    sPrefSound: "Звук", sPrefAnimation: "Анимация карт", sChat: "Чат", sChatSend: "Отправить", sChatPlaceholder: "Сообщение (не более 200 знаков)",
    sMute: "Заглушить", sMuted: "Заглушены",
    clubTitle: "Клубный стол (1913)", clubPhase: "Сейчас", clubPhase_forming: "стол формируется", clubPhase_rubber: "играется рабер",
    clubPhase_between: "между раберами", clubPhase_broken: "стол распущен", clubRubbers: "Раберов", clubPlayer: "Игрок",
    clubPlaying: "Четвёрка рабера", clubGoTable: "К столу рабера", clubWaiting: "Ждут (в порядке заявлений, закон 20)",
    clubNobody: "никто", clubMembers: "За столом (шесть составляют полный стол, закон 18)", clubConsecutive: "раберов подряд",
    clubCuts: "Снятие карт", clubCut_precedence: "для очерёдности (закон 17)", clubCut_partners: "для партнёров и сдачи (закон 19)",
    clubCut_out: "для выхода из игры (закон 21)", clubWentOut: "Вышли (закон 21)", clubCameIn: "Вошли", clubRubber: "Рабер",
    clubPlayers: "Игроки", clubAgreed: "Согласован", clubBook: "Книга счёта", clubBookNote: "счёт взяток / оннеров; доказанную ошибку можно исправить до согласования (законы 12–13)",
    clubBrokenBy: "Стол распустил", clubPrior: "преимущественное право входа в другом месте (закон 27)", clubJoin: "Сесть за стол", clubAgree: "Согласиться со счётом",
    clubNS: "Север–Юг", clubEW: "Восток–Запад",
    clubActions: "Ваши действия за столом", clubRulings: "Решения (законы 12–13, 36–38)", clubSide: "Сторона", clubPart: "Счёт",
    clubPart_trick: "счёт взяток", clubPart_honour: "счёт оннеров", clubPoints: "Очки",
    clubFixNote: "Запишите число в книгу или потребуйте исправления: доказанную ошибку исправляют до согласования счёта (законы 12–13)",
    clubWrite: "Записать в книгу", clubCorrect: "Потребовать исправления", clubFault: "Нарушение при сдаче (закон 37)",
    clubFault_a: "(a) сдано не слева и не по одной", clubFault_b: "(b) колода неправильная", clubFault_c: "(c) карта открыта или обнажена",
    clubFault_d: "(d) игроку сдано больше тринадцати карт", clubFault_e: "(e) последняя карта не у сдатчика",
    clubFault_f: "(f) не снято, не в свою очередь или колодой противников", clubInTime: "указано до того, как я посмотрел свои карты (закон 37 f)",
    clubClaim: "Потребовать пересдачи", clubSubstitute: "Назначить заместителя (закон 26)", clubConsent: "Согласиться на заместителя для (закон 26)",
    clubMoveTo: "Другой стол", clubReturn: "Вернусь, как только моё место там будет занято (закон 25)", clubMove: "Перейти за тот стол (законы 23–25)",
    clubLeave: "Выйти из-за стола (закон 20)", clubBreak: "Распустить стол (закон 27)", clubEntry: "Войти туда с преимущественным правом (закон 27)",
  },
};

// Words of calls and actions as the engines write them, shown in Russian (euchre's: the terminal's words,
// docs/notation.md).
const CALL_WORDS_RU = {
  pass: "пас", Pass: "Пас", X: "Контра", XX: "Реконтра", leave: "оставляю", whist: "вист", misere: "мизер",
  "misere-wt": "мизер без прикупа", here: "здесь", "order up": "заказываю", "take up": "принимаю",
  "turn down": "отвергаю", alone: "один", "alone at": "один на", make: "козырь", discard: "снос",
  open: "открыто", closed: "закрыто", assist: "помогаю", play: "играть", "turn": "открыть", half: "пол-виста",
  "half-whist": "полвиста", raspasy: "распасы", game: "игра", accept: "согласен", decline: "не согласен",
  concede: "сдаю", invite: "приглашаю", "take it from you": "перехватываю", preferans: "преферанс",
  all: "все", none: "никто", take: "возьму", "four-aces": "четыре туза", "refuse-talon": "отказ от прикупа",
  // preferans F1/F3 (docs/rules/preferans.md): the German-named contracts
  bettel: "беттель", "bettel-wt": "беттель без прикупа", durchmarsch: "дурхмарш", "durchmarsch-wt": "дурхмарш без прикупа",
  plauderer: "плаудерер", "plauderer-wt": "плаудерер без прикупа", "offener-durchmarsch": "открытый дурхмарш",
  "offener-durchmarsch-wt": "открытый дурхмарш без прикупа",
  contra: "контра", recontra: "реконтра",
};
// the same in English: the German names as the document writes them
const CALL_WORDS_EN = {
  bettel: "Bettel", "bettel-wt": "Bettel no talon", durchmarsch: "Durchmarsch", "durchmarsch-wt": "Durchmarsch no talon",
  plauderer: "Plauderer", "plauderer-wt": "Plauderer no talon", "offener-durchmarsch": "Offener Durchmarsch",
  "offener-durchmarsch-wt": "Offener Durchmarsch no talon",
};
// longest first, so that "alone at" is read before "alone"
const OLD_STRAINS_RU = { RS: " кор♠", NL: " нулло" };
const CALL_PREFIXES = Object.entries(CALL_WORDS_RU).sort((a, b) => b[0].length - a[0].length);

let lang = localStorage.getItem("cardroom:lang") || (navigator.language || "en").slice(0, 2);
if (!(lang in STRINGS)) lang = "en";

export function getLang() { return lang; }
export function setLang(l) { if (l in STRINGS) { lang = l; localStorage.setItem("cardroom:lang", l); } }
// The language of a page that names its own (the score keeper's ?lang=), not stored for the room's pages.
export function useLang(l) { if (l in STRINGS) lang = l; }
export function t(key) { return STRINGS[lang][key] ?? STRINGS.en[key] ?? key; }
// A key with a prefix ("phase_", "kind_") whose unknown values are shown as they come.
export function tp(prefix, value) { const k = prefix + value; const s = t(k); return s === k ? String(value) : s; }
// An option's value as a person reads it: a variant's name, a value's word, yes or no, "(default)".
export function optionLabel(v) {
  if (v === null) return `(${t("default")})`;
  if (v === true || v === false) return t(v ? "yes" : "no");
  if (typeof v === "string") { const x = tp("variant_", v); return x !== v ? x : tp("val_", v); }
  return String(v);
}
// A game's configuration ({option: value}) in one line: "Variant (convention): Leningrad, Players: 4".
export function configurationLabel(c) {
  return Object.entries(c).map(([k, v]) => `${tp("opt_", k)}: ${optionLabel(v)}`).join(", ") || `(${t("default")})`;
}

const SUIT_SYM = { C: "♣", D: "♦", H: "♥", S: "♠" };

// A card's rank as the page's language writes it: Т К Д В on a Russian page (docs/notation.md; the same
// letters as the terminal's, the catalogue's card.rank.* keys, which tests/test_languages.py compares).
const RANKS_RU = { J: "В", Q: "Д", K: "К", A: "Т" };
export function rankText(rank) { return lang === "ru" ? RANKS_RU[rank] ?? rank : rank; }
// A card's text ("AS", "10H") as the page shows it: its rank in the page's language, its suit's symbol.
export function cardText(card) {
  const m = /^(10|[2-9JQKA])([CDHS])$/.exec(String(card));
  return m ? rankText(m[1]) + SUIT_SYM[m[2]] : String(card);
}

// Seat and side letters as people write them: N E S W, NS EW in English; С В Ю З, СЮ ВЗ in Russian.
const SEATS_RU = { N: "С", E: "В", S: "Ю", W: "З", NS: "СЮ", EW: "ВЗ" };
export function seatLabel(label) {
  if (label == null) return "";
  const s = String(label);
  return lang === "ru" && s in SEATS_RU ? SEATS_RU[s] : s;
}

// The server's position ("deal 3, trick 4") in the page's language. The server translates it itself
// when asked for Russian (?lang=ru); this reads the English form too, piece by piece, in case an
// older server (or a piece it does not translate) sends English. Unknown pieces are left as they are.
const POSITION_RU = [
  [/^deal (\d+)$/, "сдача $1"], [/^game (\d+)$/, "партия $1"], [/^hand (\d+)$/, "сдача $1"],
  [/^trick (\d+)$/, "взятка $1"], [/^call (\d+)$/, "заявка $1"], [/^auction$/, "торговля"],
  [/^whist$/, "висты"], [/^concede$/, "сдача игры"], [/^defence$/, "защита"], [/^(the )?deal$/, "сдача карт"],
  [/^discard$/, "снос"], [/^declare$/, "заказ игры"], [/^invite$/, "приглашение"], [/^over$/, "окончено"],
  [/^takeover$/, "перехват"], [/^making the trump$/, "назначение козыря"], [/^first round$/, "первый круг"],
  [/^second round$/, "второй круг"], [/^the dealer's discard$/, "снос сдающего"], [/^the hand is over$/, "сдача окончена"],
  [/^the draw$/, "жеребьёвка"], [/^the match is over$/, "матч окончен"], [/^play$/, "розыгрыш"],
  [/^the cut for the deal(?: \(recut by ([NESW ]+)\))?$/, (_, who) => "жребий на сдачу" + (who ? ` (перетягивают ${who.split(" ").map(seatLabel).join(" ")})` : "")],
];
export function positionText(text) {
  if (text == null) return "";
  const s = String(text);
  if (lang !== "ru" || !/[A-Za-z]{2,}/.test(s)) return s;
  return s.split(", ").map((part) => {
    for (const [re, ru] of POSITION_RU) if (re.test(part)) return part.replace(re, ru);
    return part;
  }).join(", ");
}

// A call or action text shown to people: suit letters become symbols, words are translated.
export function callText(text) {
  if (text == null) return "";
  let s = String(text);
  // a bid or a contract, doubled or redoubled (auction bridge's royal spades RS and nullo NL written in
  // Russian as the terminal writes them, docs/notation.md)
  const m = /^(\d+)(C|D|H|S|NT|RS|NL)(X{0,2})$/.exec(s);
  if (m && (lang === "ru" || !(m[2] in OLD_STRAINS_RU))) {
    const dbl = m[3] === "XX" ? (lang === "ru" ? " реконтра" : "XX") : m[3] === "X" ? (lang === "ru" ? " контра" : "X") : "";
    return m[1] + (m[2] === "NT" ? (lang === "ru" ? "БК" : "NT") : SUIT_SYM[m[2]] ?? OLD_STRAINS_RU[m[2]]) + dbl;
  }
  // a preferans game without the talon (F3's aus den Händen): the game, then "no talon"
  const wt = /^(\d+(?:C|D|H|S|NT))-wt$/.exec(s);
  if (wt) return callText(wt[1]) + (lang === "ru" ? " без прикупа" : " no talon");
  if (lang !== "ru" && s in CALL_WORDS_EN) return CALL_WORDS_EN[s];
  if (lang === "ru") {
    if (s in CALL_WORDS_RU) return CALL_WORDS_RU[s];
    const c = /^concede-(\d+)$/.exec(s); // preferans: the declarer concedes n tricks
    if (c) return `без ${c[1]}`;
    for (const [w, r] of CALL_PREFIXES) {
      if (s.startsWith(w + " ")) { s = r + s.slice(w.length); break; }
    }
  }
  return s.replace(/\b(10|[2-9JQKA])(C|D|H|S)\b/g, (_, r, x) => rankText(r) + SUIT_SYM[x])
    .replace(/\b(\d+)(NT)\b/g, (_, n) => n + (lang === "ru" ? "БК" : "NT"))
    .replace(/\b(\d+)(C|D|H|S)\b/g, (_, n, x) => n + SUIT_SYM[x])
    .replace(/\b(C|D|H|S)\b/g, (x) => SUIT_SYM[x])
    .replace(/\bNT\b/g, lang === "ru" ? "БК" : "NT");
}

// A ruling option's name (from the engines' law tables: "penalty-card", "require-S") for people.
export function rulingOptionText(name) {
  const m = /^(require|forbid|suit)-(C|D|H|S)$/.exec(name);
  if (m) {
    const sym = SUIT_SYM[m[2]];
    if (lang !== "ru") return `${m[1]} ${sym}`;
    return m[1] === "suit" ? sym : `${t("ropt_" + m[1])} ${sym}`;
  }
  if (lang === "ru") { const r = STRINGS.ru["ropt_" + name]; if (r) return r; }
  return name.replace(/-/g, " ");
}

// Russian forms of the commonest effect texts the engines write (by the English text itself: law
// numbers repeat across games); any other effect is shown as the engine wrote it.
const EFFECTS_RU = {
  "the irregular call or play stands as if it had been legal (L7, L13)": "нарушение остаётся в силе, как если бы ход был правильным (L7, L13)",
  "the card is taken back and is a penalty card; the right player leads": "карта возвращается и становится штрафной; ходит тот, чья очередь",
  "the card is taken back (no penalty card) and declarer imposes a lead penalty on the offender's partner at his next turn to lead":
    "карта возвращается (не штрафная), а разыгрывающий назначает штраф на ход партнёру нарушителя при его следующем ходе",
  "declarer's card is taken back without penalty and the right hand leads": "карта разыгрывающего возвращается без штрафа, ходит правильная рука",
  "no lead penalty": "без штрафа на ход", "no penalty": "без наказания", "play continues": "игра продолжается",
  "play continues; declarer must play as he stated": "игра продолжается; разыгрывающий играет так, как заявил",
  "every card the defender showed his partner is a penalty card": "каждая карта, показанная вистующим партнёру, — штрафная",
  "the revoke is let stand: if it becomes established, the two-trick penalty (L30)": "ренонс оставлен: если он станет окончательным — штраф в две взятки (L30)",
};

// An effect text in the reader's language where the client knows it ("the lead must be a S" too).
export function effectText(text) {
  if (lang !== "ru") return String(text).replace(/\ba (C|D|H|S)\b/, (_, x) => `a ${SUIT_SYM[x]}`);
  if (EFFECTS_RU[text]) return EFFECTS_RU[text];
  let m = /^the lead must be a (C|D|H|S)$/.exec(text);
  if (m) return `ход должен быть в ${SUIT_SYM[m[1]]}`;
  m = /^a (C|D|H|S) may not be led while the player keeps the lead$/.exec(text);
  if (m) return `${SUIT_SYM[m[1]]} нельзя ходить, пока игрок сохраняет ход`;
  return text;
}

// A law's title (the engines write it in English); Russian where the client knows it.
export function lawTitle(title) {
  if (lang === "ru") { const r = STRINGS.ru["lawtitle_" + title]; if (r) return r; }
  return title;
}

// The kind of an irregularity ("lead-out-of-turn").
export function irregularityKind(kind) {
  if (lang === "ru") { const r = STRINGS.ru["kind_" + kind]; if (r) return r; }
  return String(kind).replace(/-/g, " ");
}
