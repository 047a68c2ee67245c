/**
 * Sentences and word lists for the synthetic corpus files, written for this
 * repository: English engineering chatter, Hindi, Chinese, Japanese and Korean
 * prose, and emoji of every structure (single code points, variation
 * selectors, skin tones, ZWJ sequences, flags, keycaps).
 */

/** English sentences of the kind issue trackers, logs and chats are full of. */
export const ENGLISH: readonly string[] = [
  "The export job times out when a tenant has more than forty thousand invoices.",
  "Retries double the load on the primary because they ignore the Retry-After header.",
  "After the 5.1 upgrade, login redirects loop forever on Safari.",
  "The CSV importer silently drops rows whose last column is empty.",
  "Cold starts take eleven seconds since the image pulls every locale.",
  "Webhooks arrive out of order when two updates land in the same second.",
  "The search index misses documents edited during a reindex.",
  "A missing index on orders.customer_id makes the nightly report scan the whole table.",
  "Setting the timeout to zero should disable it, but it fails every request instead.",
  "The dark theme renders code blocks with white text on a white background.",
  "Memory climbs by about 40 MB an hour until the worker is killed.",
  "Please include the output of the doctor command and your config file.",
  "This was fixed in 2.8.3; closing, but reopen if you still see it.",
  "The rate limiter counts preflight OPTIONS requests against the quota.",
  "Pagination returns the same item twice when two rows share a timestamp.",
  "The mobile client keeps an expired token and never refreshes it after sleep.",
  "Uploading a file with an emoji in its name returns a 500.",
  "The health check passes even when the database connection pool is empty.",
  "We should stream the response instead of buffering it all in memory.",
  "The scheduler runs the same job twice when a leader election happens mid-run.",
  "Turning on compression for small payloads made latency worse, not better.",
  "Audit entries are written in local time, so they sort wrongly across zones.",
  "Deleting a project leaves its API keys active for up to an hour.",
  "The build cache is invalidated by a timestamp written into a generated file.",
  "Integration tests fail on machines whose locale uses a comma as the decimal separator.",
  "The SDK swallows the server's error message and throws a generic one.",
  "I could reproduce it with a fresh account and the default settings.",
  "A feature flag left on in staging hid the bug until the release.",
  "The dashboard takes nine seconds to load for accounts with many teams.",
  "The retry queue grows without bound when the downstream service is down.",
  "Proposal: keep the old endpoint for one more minor version and log a deprecation warning.",
  "The certificate rotation script restarts every pod at once instead of one by one.",
  "Large JSON bodies are parsed twice: once for validation and once for the handler.",
  "Thanks for the report; a fix is in review and should ship next week.",
  "The invoice PDF uses the wrong currency symbol for Swiss francs.",
  "Our p99 latency doubled after moving the cache to another availability zone.",
  "The CLI exits with status 0 even when the upload failed.",
  "Nested transactions are committed early when a savepoint is released.",
  "The translation for the checkout button is cut off in German.",
  "Unicode normalization differs between the client and the server, so lookups miss.",
];

/** Hindi sentences: news, everyday life and software support. */
export const HINDI: readonly string[] = [
  "सर्वर पर नया संस्करण तैनात करने के बाद कुछ उपयोगकर्ताओं को लॉगिन में परेशानी हुई।",
  "कल रात भारी बारिश के कारण शहर की कई सड़कों पर पानी भर गया।",
  "बच्चों ने विज्ञान प्रदर्शनी में सौर ऊर्जा से चलने वाली एक छोटी गाड़ी बनाई।",
  "बैंक ने घोषणा की है कि अगले महीने से ऑनलाइन भुगतान पर कोई शुल्क नहीं लगेगा।",
  "कृपया फ़ॉर्म जमा करने से पहले अपना ईमेल पता दोबारा जाँच लें।",
  "गाँव के पुस्तकालय में अब हर शाम बुज़ुर्गों के लिए पढ़ने की कक्षा चलती है।",
  "इस ऐप का नया संस्करण कम बैटरी खर्च करता है और तेज़ी से खुलता है।",
  "मौसम विभाग ने अगले तीन दिनों के लिए तटीय इलाकों में तेज़ हवाओं की चेतावनी दी है।",
  "रसोई में दादी की बनाई दाल की खुशबू पूरे घर में फैल गई।",
  "परीक्षा के परिणाम शुक्रवार को दोपहर बारह बजे वेबसाइट पर जारी किए जाएँगे।",
  "डेटाबेस की बैकअप प्रक्रिया हर रात दो बजे अपने आप शुरू होती है।",
  "नदी के किनारे लगे मेले में हस्तशिल्प की सैकड़ों दुकानें सजी थीं।",
  "यदि आप पासवर्ड भूल गए हैं, तो “पासवर्ड रीसेट करें” लिंक पर क्लिक करें।",
  "किसानों ने इस बार कम पानी में उगने वाली बाजरे की नई किस्म बोई है।",
  "सम्मेलन में वक्ताओं ने स्थानीय भाषाओं में तकनीकी शिक्षा की ज़रूरत पर ज़ोर दिया।",
  "ट्रेन लगभग चालीस मिनट देरी से स्टेशन पहुँची, लेकिन यात्री शांत रहे।",
  "नई नीति के तहत छोटे दुकानदारों को डिजिटल भुगतान अपनाने का प्रशिक्षण दिया जाएगा।",
  "उसने हर सुबह योग करने और रात को जल्दी सोने की आदत डाल ली है।",
  "त्रुटि संदेश में अनुरोध की पहचान संख्या दिखनी चाहिए ताकि सहायता टीम उसे खोज सके।",
  "संग्रहालय की नई गैलरी में मुग़लकालीन सिक्कों का दुर्लभ संग्रह रखा गया है।",
  "इस अध्याय में हम देखेंगे कि फ़ाइलों को सुरक्षित तरीके से कैसे साझा किया जाए।",
  "पहाड़ी रास्तों पर भूस्खलन के बाद यातायात को वैकल्पिक मार्ग से भेजा गया।",
  "टीम ने बग ठीक कर दिया है और अगला अपडेट सोमवार को आएगा।",
  "स्कूल के पुराने छात्रों ने मिलकर पुस्तकालय के लिए पाँच सौ किताबें दान कीं।",
];

/** Hindi chapter topics. */
export const HINDI_TOPICS: readonly string[] = [
  "तकनीक और समाज",
  "मौसम और पर्यावरण",
  "शिक्षा",
  "खेती-किसानी",
  "यात्रा",
  "स्वास्थ्य",
  "संस्कृति और कला",
  "सॉफ़्टवेयर सहायता",
];

/** Hindi month names, January first. */
export const HINDI_MONTHS: readonly string[] = [
  "जनवरी",
  "फ़रवरी",
  "मार्च",
  "अप्रैल",
  "मई",
  "जून",
  "जुलाई",
  "अगस्त",
  "सितंबर",
  "अक्टूबर",
  "नवंबर",
  "दिसंबर",
];

/** Simplified Chinese sentences. */
export const CHINESE: readonly string[] = [
  "新版本上线后，部分用户反映首页加载明显变慢。",
  "昨晚的暴雨导致城区多条道路积水，地铁部分线路临时停运。",
  "图书馆从下个月起延长开放时间，周末也开放到晚上十点。",
  "请在提交表单之前再次确认您的手机号码和电子邮箱。",
  "研究团队用三年时间记录了候鸟在湿地的迁徙路线。",
  "这款应用的离线模式可以在没有网络的情况下查看已下载的地图。",
  "数据库每天凌晨两点自动备份，备份文件保留三十天。",
  "春节前夕，火车站的客流量比平时增加了一倍多。",
  "工程师们发现问题出在缓存过期时间设置得太短。",
  "这家老字号面馆已经在同一条街上经营了六十多年。",
  "如果忘记密码，请点击登录页面下方的“重置密码”链接。",
  "会议决定把下一次发布推迟两周，以便完成性能测试。",
];

/** Japanese sentences. */
export const JAPANESE: readonly string[] = [
  "新しいバージョンを公開した後、一部のユーザーからログインできないという報告がありました。",
  "明日は全国的に晴れますが、北海道では朝晩の冷え込みが厳しくなるでしょう。",
  "図書館は来月から平日の開館時間を午後九時まで延長します。",
  "フォームを送信する前に、メールアドレスをもう一度ご確認ください。",
  "原因はキャッシュの有効期限が短すぎたことだと分かりました。",
  "この商店街には創業百年を超える和菓子屋が三軒あります。",
  "データベースのバックアップは毎晩二時に自動で実行されます。",
  "台風の影響で、午後の新幹線は一部運転を見合わせています。",
  "パスワードを忘れた場合は、ログイン画面の「パスワードを再設定」を押してください。",
  "次のリリースでは、検索結果の並び順を改善する予定です。",
  "子どもたちは夏休みの自由研究で川の水質を調べました。",
  "エラーメッセージにリクエストIDを含めると、問い合わせへの対応が早くなります。",
];

/** Korean sentences. */
export const KOREAN: readonly string[] = [
  "새 버전을 배포한 뒤 일부 사용자가 로그인할 수 없다고 알려 왔습니다.",
  "내일은 전국이 대체로 맑겠지만 강원 산간에는 눈이 내리겠습니다.",
  "도서관은 다음 달부터 평일에도 밤 열 시까지 문을 엽니다.",
  "양식을 제출하기 전에 이메일 주소를 한 번 더 확인해 주세요.",
  "원인은 캐시 만료 시간이 너무 짧게 설정된 데 있었습니다.",
  "이 시장에는 삼대째 운영하는 떡집이 아직 남아 있습니다.",
  "데이터베이스 백업은 매일 새벽 두 시에 자동으로 실행됩니다.",
  "태풍의 영향으로 오후 항공편 일부가 결항되었습니다.",
  "비밀번호를 잊으셨다면 로그인 화면의 ‘비밀번호 재설정’을 눌러 주세요.",
  "다음 릴리스에서는 검색 결과 정렬 방식을 개선할 예정입니다.",
  "학생들은 여름 방학 동안 동네 하천의 수질을 조사했습니다.",
  "오류 메시지에 요청 ID를 넣으면 문의를 더 빨리 처리할 수 있습니다.",
];

/** Section headings per language: a format with the chapter number, and topics. */
export const CJK_HEADINGS: Readonly<Record<"zh" | "ja" | "ko", [string, readonly string[]]>> = {
  zh: ["第{n}节", ["更新说明", "城市生活", "技术支持", "常见问题"]],
  ja: ["第{n}章", ["お知らせ", "技術メモ", "暮らしの話題", "よくある質問"]],
  ko: ["제{n}장", ["공지사항", "기술 지원", "생활 정보", "자주 묻는 질문"]],
};

/**
 * Emoji by structure. Each entry is one grapheme cluster; together they cover
 * every way an emoji is built from code points.
 */
export const EMOJI: readonly string[] = [
  // single code points, BMP and astral
  "🚀",
  "🐛",
  "🎯",
  "📌",
  "🔍",
  "🧩",
  "🍕",
  "🌧",
  "🦊",
  "📉",
  "🧯",
  "💾",
  "⌛",
  "⚡",
  "🥳",
  "😬",
  "🙃",
  "🤔",
  "😴",
  "🫶",
  "🪲",
  "🧪",
  // with variation selector 16
  "❤️",
  "☀️",
  "✔️",
  "⚠️",
  "✏️",
  "☎️",
  "♻️",
  "🗂️",
  "🕹️",
  // skin tones
  "👍🏽",
  "👋🏻",
  "🙌🏿",
  "🤝🏾",
  "👏🏼",
  "💪🏾",
  "🙏🏻",
  "✌🏽",
  // ZWJ sequences
  "👩‍💻",
  "🧑‍🚀",
  "👨‍🍳",
  "🧑🏾‍🔧",
  "👩🏼‍🔬",
  "🏳️‍🌈",
  "🐈‍⬛",
  "🐻‍❄️",
  "👨‍👩‍👧‍👦",
  "❤️‍🔥",
  "😮‍💨",
  "🧑🏻‍🤝‍🧑🏿",
  // flags
  "🇯🇵",
  "🇧🇷",
  "🇰🇪",
  "🇮🇳",
  "🇨🇦",
  "🇩🇪",
  "🇲🇽",
  "🇳🇬",
  "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
  // keycaps
  "1️⃣",
  "2️⃣",
  "7️⃣",
  "#️⃣",
  "*️⃣",
];
