// Every user-facing string of the browser client, in English and Russian.
const STRINGS = {
  en: {
    title: "Card room", lobby: "Lobby", records: "Records", language: "Language",
    games: "Games", game: "Game", options: "Options", default: "default", yes: "yes", no: "no",
    opt_variant: "Variant (convention)", opt_players: "Players", opt_scoring: "Scoring",
    opt_nt_minimum_level: "Lowest no-trump bid", opt_partner_overbid_only_after_opponents_pass: "Partner may overbid only after the opponents pass",
    opt_rotate_dealer_every_deal: "Dealer moves every deal", opt_draw_for_first_deal: "Draw for the first dealer",
    opt_lap: "Lap (extra points carry)", opt_fourth_game_after_lap: "Fourth game after a lap", opt_carried_points_count: "Carried points count",
    opt_sitting_out_dealer_takes_up: "Sitting-out dealer takes up", opt_first_dealer: "First dealer",
    opt_raspasy_with_passing: "Raspasy with passing cards", opt_talon_refusal_penalty: "Penalty for refusing the talon",
    opt_time_limit_rounds: "Time limit (rounds)",
    preset: "Variant", previousDeal: "Previous deal", seed: "Seed", seedHint: "optional: the same seed deals the same cards", kind: "Game",
    yourName: "Your name", openTable: "Open table", openTables: "Tables", noTables: "No tables yet.",
    refresh: "Refresh", watch: "Watch", join: "Open", replay: "Replay", table: "Table",
    seat: "Seat", seats: "Seats", sit: "Sit here", invite: "Copy invitation", bot: "Bot",
    fillBots: "Fill empty seats with bots", copied: "Invitation link copied:", empty: "empty",
    invited: "invited", human: "player", botKind: "bot", you: "you", spectator: "You are watching",
    waiting: "Waiting for players…", toAct: "to act", yourTurn: "Your turn", chance: "dealing…",
    hand: "Hand", dummy: "Dummy", trick: "Trick", lastTrick: "Last trick", tricks: "Tricks",
    auction: "Auction", bidding: "Bidding", talon: "Talon", discard: "Discard", whists: "Whists",
    makingTrump: "Making the trump", turnUp: "Turn-up", calls: "Calls", maker: "Maker", lone: "Alone",
    trump: "Trump", contract: "Contract", declarer: "Declarer", dealer: "Dealer", vulnerable: "Vulnerable",
    sittingOut: "Sitting out", phase: "Phase", actions: "Your move", sheet: "Score sheet",
    we: "We", they: "They", above: "above the line", below: "below the line", total: "Total",
    gamesWon: "Games", rubberWinner: "Rubber won by", pulya: "Pulya", gora: "Gora",
    whistsOn: "Whists on", pulyaLength: "Pulya to", player: "Player", deals: "Deals", round: "Round",
    points: "Points", gameNo: "Game", winner: "Winner", score: "Score", value: "Value",
    rubberPoints: "Rubber points", handsPlayed: "Hands", matchOver: "The match is over",
    downloadJson: "Download record (JSON)", downloadPbn: "Download record (PBN)",
    anotherMatch: "Another match", nextTable: "The next match is at table", goNext: "Go to it",
    error: "Error", connecting: "Connecting…", connected: "Connected", disconnected: "Disconnected — reconnecting…",
    position: "Position", deal: "Deal", step: "Step", first: "|◀", prev: "◀", next: "▶", last: "▶|",
    prevDeal: "◀ deal", nextDeal: "deal ▶", actionsLog: "Actions",
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
    phase_round2: "second round", phase_draw: "draw",
  },
  ru: {
    title: "Карточный клуб", lobby: "Лобби", records: "Записи", language: "Язык",
    games: "Игры", game: "Игра", options: "Условия", default: "по умолчанию", yes: "да", no: "нет",
    opt_variant: "Вариант (конвенция)", opt_players: "Игроков", opt_scoring: "Запись",
    opt_nt_minimum_level: "Наименьшая заявка без козыря", opt_partner_overbid_only_after_opponents_pass: "Партнёр перебивает только после паса противников",
    opt_rotate_dealer_every_deal: "Сдающий меняется каждую сдачу", opt_draw_for_first_deal: "Жребий на первую сдачу",
    opt_lap: "Перенос лишних очков", opt_fourth_game_after_lap: "Четвёртая партия после переноса", opt_carried_points_count: "Перенесённые очки считаются",
    opt_sitting_out_dealer_takes_up: "Неиграющий сдающий берёт карту", opt_first_dealer: "Первый сдающий",
    opt_raspasy_with_passing: "Распасы с передачей карт", opt_talon_refusal_penalty: "Штраф за отказ от прикупа",
    opt_time_limit_rounds: "Лимит времени (круги)",
    preset: "Вариант", previousDeal: "Предыдущая сдача", seed: "Зерно сдачи", seedHint: "необязательно: то же зерно — те же карты", kind: "Игра",
    yourName: "Ваше имя", openTable: "Открыть стол", openTables: "Столы", noTables: "Столов пока нет.",
    refresh: "Обновить", watch: "Смотреть", join: "Открыть", replay: "Просмотр", table: "Стол",
    seat: "Место", seats: "Места", sit: "Сесть", invite: "Скопировать приглашение", bot: "Бот",
    fillBots: "Посадить ботов на свободные места", copied: "Ссылка-приглашение скопирована:", empty: "свободно",
    invited: "приглашён", human: "игрок", botKind: "бот", you: "вы", spectator: "Вы зритель",
    waiting: "Ждём игроков…", toAct: "ходит", yourTurn: "Ваш ход", chance: "сдача…",
    hand: "Рука", dummy: "Болван", trick: "Взятка", lastTrick: "Последняя взятка", tricks: "Взятки",
    auction: "Торговля", bidding: "Торговля", talon: "Прикуп", discard: "Снос", whists: "Висты",
    makingTrump: "Назначение козыря", turnUp: "Открытая карта", calls: "Заявки", maker: "Назначил",
    lone: "В одиночку", trump: "Козырь", contract: "Контракт", declarer: "Разыгрывающий", dealer: "Сдающий",
    vulnerable: "В зоне", sittingOut: "Не играет", phase: "Фаза", actions: "Ваш ход",
    sheet: "Запись", we: "Мы", they: "Они", above: "над чертой", below: "под чертой", total: "Итого",
    gamesWon: "Геймы", rubberWinner: "Роббер выиграли", pulya: "Пуля", gora: "Гора",
    whistsOn: "Висты на", pulyaLength: "Пуля до", player: "Игрок", deals: "Сдачи", round: "Круг",
    points: "Очки", gameNo: "Партия", winner: "Победитель", score: "Счёт", value: "Стоимость",
    rubberPoints: "Очки роббера", handsPlayed: "Сдачи", matchOver: "Матч окончен",
    downloadJson: "Скачать запись (JSON)", downloadPbn: "Скачать запись (PBN)",
    anotherMatch: "Ещё матч", nextTable: "Следующий матч — за столом", goNext: "Перейти",
    error: "Ошибка", connecting: "Соединение…", connected: "Соединено", disconnected: "Нет связи — переподключение…",
    position: "Позиция", deal: "Сдача", step: "Шаг", first: "|◀", prev: "◀", next: "▶", last: "▶|",
    prevDeal: "◀ сдача", nextDeal: "сдача ▶", actionsLog: "Ходы",
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
    phase_round2: "второй круг", phase_draw: "жеребьёвка",
  },
};

// Words of calls and actions as the engines write them, shown in Russian.
const CALL_WORDS_RU = {
  pass: "пас", Pass: "Пас", X: "Контра", XX: "Реконтра", whist: "вист", misere: "мизер",
  "misere-wt": "мизер без прикупа", here: "здесь", "order up": "заказать", "take up": "взять",
  "turn down": "отказ", alone: "в одиночку", "alone at": "в одиночку,", make: "козырь", discard: "снос",
  open: "открыто", closed: "закрыто", assist: "подмога", play: "играть", "turn": "открыть", half: "пол-виста", raspasy: "распасы", game: "игра",
};

let lang = localStorage.getItem("cardroom:lang") || (navigator.language || "en").slice(0, 2);
if (!(lang in STRINGS)) lang = "en";

export function getLang() { return lang; }
export function setLang(l) { if (l in STRINGS) { lang = l; localStorage.setItem("cardroom:lang", l); } }
export function t(key) { return STRINGS[lang][key] ?? STRINGS.en[key] ?? key; }
// A key with a prefix ("phase_", "kind_") whose unknown values are shown as they come.
export function tp(prefix, value) { const k = prefix + value; const s = t(k); return s === k ? String(value) : s; }

const SUIT_SYM = { C: "♣", D: "♦", H: "♥", S: "♠" };

// A call or action text shown to people: suit letters become symbols, words are translated.
export function callText(text) {
  if (text == null) return "";
  let s = String(text);
  const m = /^(\d+)(C|D|H|S|NT)$/.exec(s);
  if (m) return m[1] + (m[2] === "NT" ? (lang === "ru" ? "БК" : "NT") : SUIT_SYM[m[2]]);
  if (lang === "ru") {
    if (s in CALL_WORDS_RU) return CALL_WORDS_RU[s];
    for (const [w, r] of Object.entries(CALL_WORDS_RU)) {
      if (s.startsWith(w + " ")) { s = r + s.slice(w.length); break; }
    }
  }
  return s.replace(/\b(C|D|H|S)\b/g, (x) => SUIT_SYM[x]);
}
