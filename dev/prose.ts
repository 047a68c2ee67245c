/**
 * Prose in many writing systems, generated from short word lists: each
 * script's own letters, word spacing (none in Thai, Lao, Khmer, Burmese,
 * Chinese and Japanese; the tsheg in Tibetan; the Ethiopic wordspace) and
 * sentence punctuation. Several languages per merge-rich script (Latin,
 * Cyrillic, Arabic, Devanagari, Han, Hebrew, Bengali, Ethiopic, Canadian
 * syllabics) so that a price fitted on one can be checked on the others.
 */

/** One language written in one script. */
export interface Language {
  /** The writing system (Unicode script name). */
  script: string;
  /** Words of the language, in that script. */
  words: readonly string[];
  /** What goes between words. */
  space: string;
  /** Sentence ends, the first one most often. */
  stops: readonly string[];
  /** Clause separator used inside sentences. */
  comma: string;
}

const w = (text: string): string[] => text.trim().split(/\s+/);

// English words spelled in Unicode braille, grade 1 (one cell per letter).
const BRAILLE_LETTERS = "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵";
const braille = (text: string): string[] =>
  w(text).map((word) =>
    Array.from(word, (ch) => BRAILLE_LETTERS[ch.charCodeAt(0) - 97] ?? ch).join("")
  );

/** Languages by name; the name says the language, `script` its writing system. */
export const LANGUAGES = {
  english: {
    script: "Latin",
    words: w(`the of and to in is that for it as with was on request server timeout configuration
      deployment authentication database returns unexpected error after upgrade when cluster
      Kubernetes ingress latency people would about which their there could other these first`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  polish: {
    script: "Latin",
    words: w(`że się nie jest był żółć łódź źródło gęś ćma książka przyjaciel państwo rozwiązanie
      użytkownik serwer błąd połączenie ustawienia zażółć gęślą jaźń też już więc może będzie
      wszystko który która chrząszcz szczęście dziękuję proszę Wrocław Gdańsk Kraków żeby`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  vietnamese: {
    script: "Latin",
    words: w(`người Việt Nam tiếng của và những được không một có trong này cho với đã các là để
      khi hệ thống dữ liệu máy chủ lỗi kết nối cài đặt nhưng cũng rất nhiều thành phố Hồ Chí
      Minh Hà Nội Nguyễn Trần Lê Phạm đường nước chúng tôi bạn họ ở đây`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  french: {
    script: "Latin",
    words: w(`le la les des une être avoir été français garçon déjà très où ça là-bas après
      serveur données système sécurité réseau fichier paramètres développeur rapport erreur
      mise à jour naïve cœur œuvre Noël hôpital forêt élève château`),
    space: " ",
    stops: [". ", " ? ", " ! "],
    comma: ",",
  },
  german: {
    script: "Latin",
    words: w(`der die das und ist nicht mit für über Straße Größe Müller schön Mädchen Übersicht
      Benutzer Datenbank Fehlermeldung Einstellungen Verbindung Sicherheit Rechenzentrum
      Geschwindigkeitsbegrenzung Donaudampfschifffahrt außerdem während können müssen`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  turkish: {
    script: "Latin",
    words: w(`bir ve bu için ile değil çok daha İstanbul Ankara ğüşöç kullanıcı sunucu veritabanı
      hata bağlantı ayarlar güvenlik ağ dosya geliştirici rapor güncelleme çalışıyor
      değiştirilemez öğrenci şehir ılık ışık`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  czech: {
    script: "Latin",
    words: w(`a je se na že to v s z do Dvořák Čeština příliš žluťoučký kůň úpěl ďábelské ódy
      uživatel server chyba připojení nastavení zabezpečení síť soubor vývojář zpráva řeka
      čtvrť ještě který když`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  portuguese: {
    script: "Latin",
    words: w(`não são coração ação informação São Paulo João também já está então usuário
      servidor dados sistema segurança rede arquivo configurações relatório atualização
      niño año España señor mañana corazón canción`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  russian: {
    script: "Cyrillic",
    words: w(`и в не на что это как пользователь сервер данные система безопасность сеть файл
      программа разработчик отчёт ошибка настройки база государство университет Москва быстро
      большой новый обновление конфигурации производительность который также`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  ukrainian: {
    script: "Cyrillic",
    words: w(`і в не на що це як користувач сервер дані система безпека мережа файл програма
      розробник звіт помилка налаштування їжак ґанок європейський Київ Львів швидко великий
      новий оновлення підключення продуктивність держава університет їхній єдиний`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  bulgarian: {
    script: "Cyrillic",
    words: w(`и в не на че това как потребител сървър данни система сигурност мрежа файл
      програма разработчик отчет грешка настройки държава университет София бързо голям нов
      актуализация връзка щъркел ъгъл`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  serbian: {
    script: "Cyrillic",
    words: w(`и у не на да је што корисник сервер подаци систем безбедност мрежа датотека
      програм програмер извештај грешка подешавања ђак ћерка љубав њива џеп Београд брзо велики
      нови ажурирање веза`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  kazakh: {
    script: "Cyrillic",
    words: w(`және бұл үшін мен бір емес қазақ тілі Қазақстан Алматы пайдаланушы сервер деректер
      жүйе қауіпсіздік желі файл бағдарлама әзірлеуші есеп қате баптаулар өте жақсы ұлы
      қала өзен`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  greek: {
    script: "Greek",
    words: w(`και του της είναι διακομιστής δεδομένα σύστημα ασφάλεια Αθήνα Ελλάδα χρήστης
      αρχείο πρόγραμμα σφάλμα ρυθμίσεις γρήγορα δίκτυο προγραμματιστής αναφορά ενημέρωση
      σύνδεση απόδοση πανεπιστήμιο κυβέρνηση ψυχή ξένος`),
    space: " ",
    stops: [". ", "; "],
    comma: ",",
  },
  armenian: {
    script: "Armenian",
    words: w(`Բարեւ Հայաստան Երեւան եւ է որ այս մի համար հետ օգտատեր սերվեր տվյալներ համակարգ
      անվտանգություն ցանց ֆայլ ծրագիր մշակող հաշվետվություն սխալ կարգավորումներ թարմացում
      կապ արագ մեծ նոր համալսարան`),
    space: " ",
    stops: ["։ ", "՞ "],
    comma: ",",
  },
  georgian: {
    script: "Georgian",
    words: w(`გამარჯობა საქართველო თბილისი და არის რომ ეს ერთი მომხმარებელი სერვერი მონაცემები
      სისტემა უსაფრთხოება ქსელი ფაილი პროგრამა დეველოპერი ანგარიში შეცდომა პარამეტრები
      განახლება კავშირი სწრაფად დიდი ახალი უნივერსიტეტი`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  hebrew: {
    script: "Hebrew",
    words: w(`של את על זה לא הוא היא עם כל משתמש שרת נתונים מערכת אבטחה רשת קובץ תוכנית מפתח
      דוח שגיאה הגדרות עדכון חיבור מהיר גדול חדש ירושלים תל אביב אוניברסיטה ממשלה`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  yiddish: {
    script: "Hebrew",
    words: w(`דער די דאָס און איז ניט מיט פֿאַר אַ זיין האָבן וואָס ווען ייִדיש שפּראַך מענטש
      שטאָט קינדער באַנוצער סערווער טעות פֿאַרבינדונג גוט גרויס נייַ`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  arabic: {
    script: "Arabic",
    words: w(`في من على إلى أن هذا التي الذي المستخدم الخادم البيانات النظام الأمان الشبكة
      الملف البرنامج المطور التقرير الخطأ الإعدادات قاعدة الحكومة الجامعة القاهرة الرياض
      بسرعة كبيرة جديدة`),
    space: " ",
    stops: [". ", "؟ "],
    comma: "،",
  },
  persian: {
    script: "Arabic",
    words: w(`و در به از که این با را برای است کاربر سرور داده‌ها سیستم امنیت شبکه پرونده
      برنامه توسعه‌دهنده گزارش خطا تنظیمات به‌روزرسانی اتصال سریع بزرگ جدید تهران دانشگاه
      گفتگو پژوهش`),
    space: " ",
    stops: [". ", "؟ "],
    comma: "،",
  },
  urdu: {
    script: "Arabic",
    words: w(`اور میں کے کی ہے یہ کہ سے کو نہیں صارف سرور ڈیٹا نظام حفاظت نیٹ ورک فائل پروگرام
      ڈویلپر رپورٹ غلطی ترتیبات تازہ کاری رابطہ تیز بڑا نیا پاکستان لاہور کراچی یونیورسٹی`),
    space: " ",
    stops: ["۔ ", "؟ "],
    comma: "،",
  },
  syriac: {
    script: "Syriac",
    words: w(`ܫܠܡܐ ܠܫܢܐ ܣܘܪܝܝܐ ܡܠܟܐ ܐܠܗܐ ܥܠܡܐ ܒܝܬܐ ܟܬܒܐ ܡܕܝܢܬܐ ܐܪܥܐ ܫܡܝܐ ܡܝܐ ܢܘܪܐ ܝܘܡܐ ܠܠܝܐ
      ܐܢܫܐ ܒܪܢܫܐ ܩܠܐ ܫܡܐ ܪܘܚܐ ܚܝܐ ܡܘܬܐ`),
    space: " ",
    stops: ["܀ ", ". "],
    comma: "،",
  },
  dhivehi: {
    script: "Thaana",
    words: w(`ދިވެހި ރާއްޖެ މާލެ އަދި މި އެ ކަމެއް ބޭނުންކުރާ ސާވަރު މަޢުލޫމާތު ނިޒާމު ރައްކާތެރިކަން
      ފައިލް ޕްރޮގްރާމް ރިޕޯޓް ގޯސް ސެޓިންގްސް އާ ބޮޑު ހަލުވި ސަރުކާރު ޔުނިވަރސިޓީ`),
    space: " ",
    stops: [". ", "؟ "],
    comma: "،",
  },
  nko: {
    script: "Nko",
    words: w(`ߒߞߏ ߡߊ߲߬ߘߋ߲ ߞߊ߲ ߞߍ ߟߊ ߘߐ߫ ߣߌ߫ ߓߍ߯ ߕߐ߮ ߛߓߍߘߋ߲ ߞߊ߬ߙߊ߲߬ ߖߊ߬ߡߊ߬ߣߊ ߡߐ߰ ߘߎ߱ ߓߊ߯ ߛߏ ߞߎߘߊ`),
    space: " ",
    stops: [". ", "߹ "],
    comma: "߸",
  },
  hindi: {
    script: "Devanagari",
    words: w(`और के है में की यह को से एक नहीं उपयोगकर्ता सर्वर डेटा प्रणाली सुरक्षा नेटवर्क फ़ाइल
      कार्यक्रम डेवलपर रिपोर्ट त्रुटि सेटिंग्स अद्यतन कनेक्शन तेज़ बड़ा नया भारत दिल्ली विश्वविद्यालय
      सरकार क्षेत्र`),
    space: " ",
    stops: ["। ", "? "],
    comma: ",",
  },
  marathi: {
    script: "Devanagari",
    words: w(`आणि आहे हे की या एक नाही वापरकर्ता सर्व्हर माहिती प्रणाली सुरक्षा नेटवर्क फाइल
      कार्यक्रम विकसक अहवाल त्रुटी सेटिंग्ज अद्ययावत जोडणी जलद मोठा नवीन महाराष्ट्र मुंबई
      पुणे विद्यापीठ सरकार ळ`),
    space: " ",
    stops: ["। ", ". "],
    comma: ",",
  },
  nepali: {
    script: "Devanagari",
    words: w(`र छ यो को मा एक होइन प्रयोगकर्ता सर्भर तथ्याङ्क प्रणाली सुरक्षा सञ्जाल फाइल कार्यक्रम
      विकासकर्ता प्रतिवेदन त्रुटि सेटिङ अद्यावधिक जडान छिटो ठूलो नयाँ नेपाल काठमाडौं
      विश्वविद्यालय सरकार`),
    space: " ",
    stops: ["। ", "? "],
    comma: ",",
  },
  bengali: {
    script: "Bengali",
    words: w(`এবং এই যে একটি না করে হয় ব্যবহারকারী সার্ভার তথ্য ব্যবস্থা নিরাপত্তা নেটওয়ার্ক ফাইল
      প্রোগ্রাম বিকাশকারী প্রতিবেদন ত্রুটি সেটিংস হালনাগাদ সংযোগ দ্রুত বড় নতুন বাংলাদেশ ঢাকা
      কলকাতা বিশ্ববিদ্যালয় সরকার`),
    space: " ",
    stops: ["। ", "? "],
    comma: ",",
  },
  assamese: {
    script: "Bengali",
    words: w(`আৰু এই যে এটা নহয় কৰে হয় ব্যৱহাৰকাৰী চাৰ্ভাৰ তথ্য ব্যৱস্থা সুৰক্ষা নেটৱৰ্ক ফাইল
      কাৰ্যসূচী প্ৰতিবেদন ভুল ছেটিং সংযোগ খৰ ডাঙৰ নতুন অসম গুৱাহাটী বিশ্ববিদ্যালয় চৰকাৰ`),
    space: " ",
    stops: ["। ", "? "],
    comma: ",",
  },
  punjabi: {
    script: "Gurmukhi",
    words: w(`ਅਤੇ ਦੇ ਹੈ ਵਿੱਚ ਦੀ ਇਹ ਨੂੰ ਤੋਂ ਇੱਕ ਨਹੀਂ ਵਰਤੋਂਕਾਰ ਸਰਵਰ ਡਾਟਾ ਪ੍ਰਣਾਲੀ ਸੁਰੱਖਿਆ ਨੈੱਟਵਰਕ
      ਫ਼ਾਈਲ ਪ੍ਰੋਗਰਾਮ ਡਿਵੈਲਪਰ ਰਿਪੋਰਟ ਗਲਤੀ ਸੈਟਿੰਗਾਂ ਅੱਪਡੇਟ ਕਨੈਕਸ਼ਨ ਤੇਜ਼ ਵੱਡਾ ਨਵਾਂ ਪੰਜਾਬ
      ਅੰਮ੍ਰਿਤਸਰ ਯੂਨੀਵਰਸਿਟੀ ਸਰਕਾਰ`),
    space: " ",
    stops: ["। ", "? "],
    comma: ",",
  },
  gujarati: {
    script: "Gujarati",
    words: w(`અને છે માં ની આ કે થી એક નથી વપરાશકર્તા સર્વર માહિતી પ્રણાલી સુરક્ષા નેટવર્ક ફાઇલ
      કાર્યક્રમ વિકાસકર્તા અહેવાલ ભૂલ સેટિંગ્સ અપડેટ જોડાણ ઝડપી મોટું નવું ગુજરાત અમદાવાદ
      યુનિવર્સિટી સરકાર`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  odia: {
    script: "Oriya",
    words: w(`ଏବଂ ଏହି ଯେ ଗୋଟିଏ ନୁହେଁ କରେ ଅଟେ ବ୍ୟବହାରକାରୀ ସର୍ଭର ତଥ୍ୟ ବ୍ୟବସ୍ଥା ସୁରକ୍ଷା ନେଟୱାର୍କ ଫାଇଲ
      ପ୍ରୋଗ୍ରାମ ବିକାଶକାରୀ ରିପୋର୍ଟ ତ୍ରୁଟି ସେଟିଂସ ଅଦ୍ୟତନ ସଂଯୋଗ ଶୀଘ୍ର ବଡ଼ ନୂଆ ଓଡ଼ିଶା ଭୁବନେଶ୍ୱର
      ବିଶ୍ୱବିଦ୍ୟାଳୟ ସରକାର`),
    space: " ",
    stops: ["। ", "? "],
    comma: ",",
  },
  tamil: {
    script: "Tamil",
    words: w(`அவர் இந்த ஒரு மற்றும் என்று தமிழ்நாடு சென்னை பயனர் தகவல் அமைப்பு சேவையகம் பிழை
      கோப்பு நிரல் பாதுகாப்பு இணையம் மொழி வேலை நேரம் அரசாங்கம் பல்கலைக்கழகம் வளர்ச்சி
      புதிய பழைய செய்தி`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  telugu: {
    script: "Telugu",
    words: w(`మరియు ఈ ఒక కాదు లో కు వినియోగదారు సర్వర్ డేటా వ్యవస్థ భద్రత నెట్‌వర్క్ ఫైల్
      ప్రోగ్రామ్ డెవలపర్ నివేదిక లోపం సెట్టింగ్‌లు నవీకరణ కనెక్షన్ వేగంగా పెద్ద కొత్త తెలంగాణ
      హైదరాబాద్ విశ్వవిద్యాలయం ప్రభుత్వం`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  kannada: {
    script: "Kannada",
    words: w(`ಮತ್ತು ಈ ಒಂದು ಅಲ್ಲ ಅದು ಬಳಕೆದಾರ ಸರ್ವರ್ ದತ್ತಾಂಶ ವ್ಯವಸ್ಥೆ ಭದ್ರತೆ ಜಾಲ ಕಡತ ಕಾರ್ಯಕ್ರಮ
      ಅಭಿವರ್ಧಕ ವರದಿ ದೋಷ ಸಂಯೋಜನೆಗಳು ನವೀಕರಣ ಸಂಪರ್ಕ ವೇಗವಾಗಿ ದೊಡ್ಡ ಹೊಸ ಕರ್ನಾಟಕ ಬೆಂಗಳೂರು
      ವಿಶ್ವವಿದ್ಯಾಲಯ ಸರ್ಕಾರ`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  malayalam: {
    script: "Malayalam",
    words: w(`ഒരു ഈ അത് ഇല്ല ഉണ്ട് ഉപയോക്താവ് സെർവർ വിവരങ്ങൾ സംവിധാനം സുരക്ഷ ശൃംഖല ഫയൽ
      പ്രോഗ്രാം ഡെവലപ്പർ റിപ്പോർട്ട് പിശക് ക്രമീകരണങ്ങൾ പുതുക്കൽ കണക്ഷൻ വേഗം വലിയ പുതിയ
      കേരളം തിരുവനന്തപുരം സർവ്വകലാശാല സർക്കാർ`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  sinhala: {
    script: "Sinhala",
    words: w(`සහ මෙම එක නැත ඇත පරිශීලක සේවාදායකය දත්ත පද්ධතිය ආරක්ෂාව ජාලය ගොනුව වැඩසටහන
      සංවර්ධක වාර්තාව දෝෂය සැකසුම් යාවත්කාලීන සම්බන්ධතාවය ඉක්මනින් විශාල නව ශ්‍රී ලංකාව
      කොළඹ විශ්වවිද්‍යාලය රජය`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  thai: {
    script: "Thai",
    words: w(`การ ของ ที่ และ ใน เป็น ได้ มี ไม่ ให้ ระบบ ข้อมูล ผู้ใช้ เซิร์ฟเวอร์ ประเทศไทย
      กรุงเทพมหานคร ความปลอดภัย การตั้งค่า ข้อผิดพลาด เครือข่าย โปรแกรม วันนี้ เมื่อวาน สำหรับ
      อย่างไรก็ตาม นักพัฒนา ฐานข้อมูล รายงาน`),
    space: "",
    stops: [" ", "ฯ "],
    comma: " ",
  },
  lao: {
    script: "Lao",
    words: w(`ແລະ ຂອງ ທີ່ ໃນ ເປັນ ໄດ້ ມີ ບໍ່ ໃຫ້ ລະບົບ ຂໍ້ມູນ ຜູ້ໃຊ້ ເຊີບເວີ ປະເທດລາວ ວຽງຈັນ
      ຄວາມປອດໄພ ການຕັ້ງຄ່າ ຂໍ້ຜິດພາດ ເຄືອຂ່າຍ ໂປຣແກຣມ ມື້ນີ້ ມື້ວານ ສຳລັບ ນັກພັດທະນາ
      ລາຍງານ ພາສາ ໆ`),
    space: "",
    stops: [" ", "ໆ "],
    comma: " ",
  },
  tibetan: {
    script: "Tibetan",
    words: w(`བོད་ ཡིག་ ལྷ་ས་ བཀྲ་ཤིས་ བདེ་ལེགས་ སྤྱོད་མཁན་ ཞབས་ཞུ་ ཆ་འཕྲིན་ མ་ལག་ བདེ་འཇགས་
      དྲ་རྒྱ་ ཡིག་ཆ་ ལས་རིམ་ སྙན་ཞུ་ ནོར་འཁྲུལ་ སྒྲིག་འགོད་ གསར་བསྒྱུར་ མཐུད་ལམ་ མགྱོགས་པོ་
      ཆེན་པོ་ གསར་པ་ གཞུང་ སློབ་གྲྭ་ ཆེན་མོ་ དང་ ནི་ ཡིན་ རེད་`),
    space: "",
    stops: ["། ", "༎ "],
    comma: "། ",
  },
  burmese: {
    script: "Myanmar",
    words: w(`မြန်မာ ရန်ကုန် နှင့် ၏ သည် ကို မှာ တစ် မဟုတ် အသုံးပြုသူ ဆာဗာ ဒေတာ စနစ် လုံခြုံရေး
      ကွန်ရက် ဖိုင် ပရိုဂရမ် ရေးသားသူ အစီရင်ခံစာ အမှား ဆက်တင်များ အပ်ဒိတ် ချိတ်ဆက်မှု
      မြန်မြန် ကြီး အသစ် တက္ကသိုလ် အစိုးရ`),
    space: "",
    stops: ["။ ", "။"],
    comma: "၊ ",
  },
  khmer: {
    script: "Khmer",
    words: w(`ជំរាបសួរ កម្ពុជា ភ្នំពេញ និង របស់ ដែល នៅ ក្នុង មួយ មិន អ្នកប្រើប្រាស់ ម៉ាស៊ីនមេ
      ទិន្នន័យ ប្រព័ន្ធ សុវត្ថិភាព បណ្តាញ ឯកសារ កម្មវិធី អ្នកអភិវឌ្ឍន៍ របាយការណ៍ កំហុស
      ការកំណត់ ធ្វើបច្ចុប្បន្នភាព ការតភ្ជាប់ លឿន ធំ ថ្មី សាកលវិទ្យាល័យ រដ្ឋាភិបាល`),
    space: "",
    stops: ["។ ", "។"],
    comma: " ",
  },
  korean: {
    script: "Hangul",
    words: w(`그리고 이 그 있다 하다 것 수 사용자 서버 데이터 시스템 보안 네트워크 파일 프로그램
      개발자 보고서 오류 설정 업데이트 연결 빠르게 큰 새로운 대한민국 서울 부산 대학교 정부
      했습니다 없습니다 됩니다 뚫훑꽃밭 읽었다`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  chinese: {
    script: "Han",
    words: w(`的 是 在 了 不 和 有 这 我们 他们 用户 服务器 数据 系统 安全 网络 文件 程序 开发者
      报告 错误 设置 更新 连接 快速 大 新 中国 北京 上海 大学 政府 但是 因为 所以 可以 没有`),
    space: "",
    stops: ["。", "？", "！"],
    comma: "，",
  },
  traditionalChinese: {
    script: "Han",
    words: w(`的 是 在 了 不 和 有 這 我們 他們 使用者 伺服器 資料 系統 安全 網路 檔案 程式
      開發者 報告 錯誤 設定 更新 連線 快速 大 新 臺灣 臺北 香港 大學 政府 但是 因為 所以
      可以 沒有 體 龜 鬱`),
    space: "",
    stops: ["。", "？", "！"],
    comma: "，",
  },
  cantonese: {
    script: "Han",
    words: w(
      `我哋 佢哋 你哋 嘅 咗 唔係 冇 係 喺 啲 嘢 乜嘢 點解 邊度 而家 今日 聽日 琴日 好多 唔該 多謝
      食飯 飲茶 返工 放工 電腦 手機 伺服器 資料 系統 錯誤 設定 更新 連線 香港 廣東話 九龍 佢 咁 嗰個
      呢個 啱 睇 講 諗 瞓覺 攞 俾 畀 嚟 去咗 仲未 得閒`,
    ),
    space: "",
    stops: ["。", "？", "！"],
    comma: "，",
  },
  japanese: {
    script: "Han",
    words: w(`の に は を た が で て と し れ さ ある いる ユーザー サーバー データ システム
      セキュリティ ネットワーク ファイル プログラム 開発者 報告 エラー 設定 更新 接続 速い
      大きい 新しい 日本 東京 大阪 大学 政府 しかし ですから できます ありません`),
    space: "",
    stops: ["。", "？"],
    comma: "、",
  },
  amharic: {
    script: "Ethiopic",
    words: w(`ሰላም ኢትዮጵያ አዲስ አበባ እና ነው ይህ አንድ አይደለም ተጠቃሚ አገልጋይ መረጃ ሥርዓት ደህንነት አውታረ
      መረብ ፋይል ፕሮግራም አዘጋጅ ሪፖርት ስህተት ቅንብሮች ማዘመን ግንኙነት ፈጣን ትልቅ አዲስ ዩኒቨርሲቲ መንግሥት`),
    space: "፡",
    stops: ["። ", "፧ "],
    comma: "፣",
  },
  tigrinya: {
    script: "Ethiopic",
    words: w(`ሰላም ኤርትራ ኣስመራ ትግርኛ ን እዩ እዚ ሓደ ኣይኮነን ተጠቃሚ ኣገልጋሊ ሓበሬታ ስርዓት ድሕንነት
      መርበብ ፋይል ፕሮግራም ጸብጻብ ጌጋ ምምሕያሽ ርክብ ቅልጡፍ ዓቢ ሓድሽ ዩኒቨርሲቲ መንግስቲ`),
    space: " ",
    stops: ["። ", "፧ "],
    comma: "፣",
  },
  cherokee: {
    script: "Cherokee",
    words: w(`ᏣᎳᎩ ᎣᏏᏲ ᏩᏙ ᎦᏬᏂᎯᏍᏗ ᎠᏂᏴᏫᏯ ᏙᎯᏱ ᎤᏍᏗ ᎠᏓᏅᏙ ᎦᎸᏉᏗ ᎤᏁᎳᏅᎯ ᏗᎦᏙᎵ ᎠᎹ ᎠᏥᎸ ᏅᏯ ᎢᏳ ᎾᏍᎩ ᎠᏴ
      ᏂᎯ ᎠᏂᏣᎳᎩ ᏧᏪᏅᏒ ᏕᎦᏃᏣᎸ ᎠᏕᎳ ᎦᏚ ᎤᏓᏅᏘ`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  inuktitut: {
    script: "Canadian_Aboriginal",
    words: w(`ᐃᓄᒃᑎᑐᑦ ᐊᐃᖓᐃ ᖁᔭᓐᓇᒦᒃ ᐃᓄᐃᑦ ᓄᓇᕗᑦ ᐃᖃᓗᐃᑦ ᐅᖃᐅᓯᖅ ᐃᓚᖓ ᐊᒻᒪ ᑕᒪᓐᓇ ᐱᓕᕆᐊᖅ ᖃᕆᑕᐅᔭᖅ
      ᐅᓂᒃᑳᖅ ᐱᔪᓐᓇᐅᑎ ᓴᐳᒻᒥᔾᔪᑎ ᐊᑐᖅᑐᖅ ᓯᕗᓪᓕᖅ ᓄᑖᖅ ᐊᖏᔪᖅ ᓱᑲᑦᑐᖅ ᒐᕙᒪᒃᑯᑦ ᐃᓕᓐᓂᐊᕐᕕᒃ`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  cree: {
    script: "Canadian_Aboriginal",
    words: w(`ᓀᐦᐃᔭᐍᐏᐣ ᑖᓂᓯ ᑭᓈᐢᑯᒥᑎᐣ ᐊᐘ ᐁᑿ ᒥᓄ ᐃᓯᓂᑲᓱ ᓂᔭ ᑭᔭ ᐅᑕ ᐊᐏᓇ ᐋᐦᑯ ᒪᐢᑲᐧ ᒥᐢᑕᐦᐃ ᒥᓯᐁ
      ᐅᐢᑭ ᑭᒋ ᐊᓯᐢᑭᕀ ᓂᐱᕀ ᓯᐲᕀ ᐅᑖᓯᐦᑳᐣ ᒪᓯᓇᐦᐃᑲᐣ`),
    space: " ",
    stops: ["᙮ ", ". "],
    comma: ",",
  },
  mongolian: {
    script: "Mongolian",
    words: w(`ᠮᠣᠩᠭᠣᠯ ᠬᠡᠯᠡ ᠤᠯᠤᠰ ᠪᠠ ᠪᠣᠯ ᠡᠨᠡ ᠨᠢᠭᠡ ᠦᠭᠡᠢ ᠬᠡᠷᠡᠭᠯᠡᠭᠴᠢ ᠰᠧᠷᠸᠧᠷ ᠮᠡᠳᠡᠭᠡ ᠰᠢᠰᠲ᠋ᠧᠮ
      ᠠᠶᠤᠯᠭᠦᠢ ᠰᠦᠯᠵᠢᠶ᠎ᠡ ᠹᠠᠶᠢᠯ ᠫᠷᠣᠭ᠌ᠷᠠᠮ ᠲᠠᠶᠢᠯᠤᠨ ᠠᠯᠳᠠᠭ᠎ᠠ ᠬᠤᠷᠳᠤᠨ ᠶᠡᠬᠡ ᠰᠢᠨ᠎ᠡ ᠬᠦᠬᠡᠬᠣᠲᠠ ᠰᠣᠷᠭᠠᠭᠤᠯᠢ`),
    space: " ",
    stops: ["᠃ ", "? "],
    comma: "᠂",
  },
  braille: {
    script: "Braille",
    words: braille(`the of and to in is that for it as with was on request server timeout
      configuration deployment authentication database returns unexpected error after upgrade
      when cluster people would about which their there could other these first`),
    space: " ",
    stops: ["⠲ ", "⠦ "],
    comma: "⠂",
  },
  javanese: {
    script: "Javanese",
    words: w(`ꦲꦏ꧀ꦱꦫ ꦗꦮ ꦧꦱ ꦲꦤ ꦏꦁ ꦲꦶꦏꦶ ꦱꦶꦗꦶ ꦮꦺꦴꦁ ꦥꦔꦒꦺꦩ꧀ ꦱꦺꦂꦥꦺꦂ ꦢꦠ ꦱꦶꦱ꧀ꦠꦺꦩ꧀ ꦏꦺꦩꦤꦤ꧀ ꦗꦫꦶꦁꦔꦤ꧀
      ꦧꦺꦏꦱ꧀ ꦥꦿꦺꦴꦒꦿꦩ꧀ ꦭꦥꦺꦴꦫꦤ꧀ ꦏꦭꦶꦫꦸꦮꦤ꧀ ꦒꦸꦤꦺꦩ꧀ ꦕꦺꦫꦏ꧀ ꦒꦼꦣꦺ ꦚꦂ ꦪꦺꦴꦒꦾꦏꦂꦠ ꦱꦸꦫꦏꦂꦠ`),
    space: "",
    stops: ["꧉ ", "꧋"],
    comma: "꧈",
  },
  tamazight: {
    script: "Tifinagh",
    words: w(`ⵜⴰⵎⴰⵣⵉⵖⵜ ⴰⵣⵓⵍ ⵜⴰⵏⵎⵎⵉⵔⵜ ⴷ ⵉⴳⴰ ⵖⵔ ⵙⴳ ⴰⵎⵙⵙⵎⵔⵙ ⴰⵎⵙⵙⵓⴼⵖ ⵉⵙⴼⴽⴰ ⴰⵏⴰⴳⵔⴰⵡ ⵜⴰⵖⴰⵔⴰⵙⵜ
      ⴰⴼⴰⵢⵍⵓ ⴰⵀⵉⵍ ⴰⵏⴰⴼⵍⴰⵢ ⵜⵓⵣⴳⵍⵜ ⵉⵙⵖⵏⴰⵡⵏ ⴰⵎⴰⵢⵏⵓ ⵎⵇⵇⵓⵔ ⴰⵎⴰⵢⵏⵓ ⵜⴰⵙⴷⵓⵍⵜ ⵜⴰⵎⵓⵔⵜ ⵍⵎⵖⵔⵉⴱ`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  nuosu: {
    script: "Yi",
    words: w(
      `ꆈꌠ ꁱꂷ ꉢ ꃅ ꆏ ꌧ ꀋ ꄉ ꐥ ꑴ ꃀ ꈨ ꀊ ꅇ ꂿ ꇁ ꌺ ꆹ ꏂ ꑍ ꀉꂿ ꌋꆀ ꑳꄉ ꇬꎭ ꎆꃀ ꋍꑟ`,
    ),
    space: " ",
    stops: ["꓿ ", "。"],
    comma: "꓾",
  },
  santali: {
    script: "Ol_Chiki",
    words: w(`ᱥᱟᱱᱛᱟᱲᱤ ᱚᱞ ᱪᱤᱠᱤ ᱟᱨ ᱫᱚ ᱱᱚᱶᱟ ᱢᱤᱫ ᱵᱟᱝ ᱵᱮᱵᱷᱟᱨᱤᱭᱟᱹ ᱥᱟᱨᱵᱷᱟᱨ ᱰᱟᱴᱟ ᱥᱤᱥᱴᱚᱢ ᱨᱩᱠᱷᱤᱭᱟᱹ
      ᱱᱮᱴᱣᱟᱨᱠ ᱨᱮᱫ ᱯᱨᱚᱜᱨᱟᱢ ᱨᱤᱯᱚᱨᱴ ᱵᱷᱩᱞ ᱥᱮᱴᱤᱝ ᱦᱟᱹᱴᱤᱧ ᱞᱚᱜᱚᱱ ᱢᱟᱨᱟᱝ ᱱᱟᱶᱟ ᱥᱚᱨᱠᱟᱨ`),
    space: " ",
    stops: ["᱾ ", "᱿ "],
    comma: ",",
  },
  vai: {
    script: "Vai",
    words: w(`ꕙꔤ ꕉꕞ ꔳ ꕪ ꔀ ꕎ ꗏ ꔫ ꕮ ꕊ ꖨꕮ ꕃꔤ ꘂꘂ ꖏ ꔻ ꗟ ꖦ ꕯ ꔆꔤ ꖸ ꕢ ꔛ ꗛꗏ ꖨ ꕧ ꔅ`),
    space: " ",
    stops: ["꘎ ", "꘏ "],
    comma: "꘍",
  },
  fulani: {
    script: "Adlam",
    words: w(`𞤆𞤵𞤤𞤢𞤪 𞤀𞤁𞤂𞤀𞤃 𞤫 𞤲𞤮 𞤳𞤢 𞤶𞤮𞤲𞤲𞤢 𞤸𞤢𞤥 𞤱𞤮𞤲𞤭 𞤯𞤮𞤩𞥆𞤢𞤤 𞤲𞤮𞤤𞤫 𞤼𞤢𞤤𞤢𞤤 𞤳𞤢𞤱𞤪𞤢𞤤
      𞤨𞤵𞤯𞥆𞤭 𞤥𞤢𞤱𞤲𞤺𞤮 𞤳𞤫𞤧𞤮 𞤺𞤢𞤲𞤣𞤢𞤤 𞤸𞤮𞤤𞥆𞤢𞤥 𞤪𞤫𞤱𞤢𞤤`),
    space: " ",
    stops: [". ", "𞥟 "],
    comma: "⹁",
  },
  zhuyin: {
    script: "Bopomofo",
    words: w(`ㄓㄨˋ ㄧㄣ ㄈㄨˊ ㄏㄠˋ ㄨㄛˇ ㄇㄣ˙ ㄊㄚ ㄉㄜ˙ ㄕˋ ㄗㄞˋ ㄅㄨˋ ㄏㄜˊ ㄧㄡˇ ㄓㄜˋ ㄒㄧㄣ
      ㄉㄚˋ ㄗˋ ㄌㄧㄠˋ ㄍㄨㄛˊ ㄐㄧㄚ ㄒㄩㄝˊ ㄕㄥ ㄌㄠˇ ㄕ ㄎㄨㄞˋ ㄇㄢˋ`),
    space: " ",
    stops: ["。", "？"],
    comma: "，",
  },
  oldNorse: {
    script: "Runic",
    words: w(`ᚦᚢᚱ ᛟᚦᛁᚾ ᚠᚱᛖᚤᛃᚨ ᚱᚢᚾᛅᛦ ᛋᛏᛅᛁᚾ ᚴᚢᚾᚢᚴᛦ ᚼᛅᚱᛅᛚᛏᛦ ᛏᛅᚾᛘᛅᚱᚴ ᚢᚴ ᛁᛅ ᛋᚢᚾ ᚠᛅᚦᚢᚱ ᛘᚢᚦᚢᚱ
      ᛒᚢᚾᛏᛁ ᚴᚢᛘᛚ ᚼᚢᛅᛋ ᛅᚠᛏ ᚴᛁᛅᚱᚦᛁ ᚴᚢᛒᛚ ᚦᛁᛋᛁ`),
    space: "᛫",
    stops: ["᛭ ", "᛬ "],
    comma: "᛫",
  },
  coptic: {
    script: "Coptic",
    words: w(`ⲡⲓⲣⲉⲙⲛ̀ⲭⲏⲙⲓ ⲛⲟⲩⲧⲉ ⲣⲱⲙⲉ ⲕⲁϩⲓ ⲡⲉ ⲧⲉ ⲛⲉ ⲁⲩⲱ ϩⲓⲧⲉⲛ ⲉⲃⲟⲗ ⲥⲁϧ ⲡⲓⲱⲟⲩ ϣⲏⲣⲓ ⲙⲁⲓ ⲟⲩⲟⲓⲛⲓ
      ⲙⲱⲟⲩ ϯⲡⲟⲗⲓⲥ ⲛⲓⲙ ⲟⲩⲛⲟϥ ⲙⲉⲑⲙⲏⲓ ⲥⲟⲫⲓⲁ`),
    space: " ",
    stops: [". ", "⳹ "],
    comma: ",",
  },
  gothic: {
    script: "Gothic",
    words: w(`𐌰𐍄𐍄𐌰 𐌿𐌽𐍃𐌰𐍂 𐌸𐌿 𐌹𐌽 𐌷𐌹𐌼𐌹𐌽𐌰𐌼 𐍅𐌴𐌹𐌷𐌽𐌰𐌹 𐌽𐌰𐌼𐍉 𐌸𐌴𐌹𐌽 𐌵𐌹𐌼𐌰𐌹 𐌸𐌹𐌿𐌳𐌹𐌽𐌰𐍃𐍃𐌿𐍃 𐍅𐌰𐌹𐍂𐌸𐌰𐌹
      𐍅𐌹𐌻𐌾𐌰 𐍃𐍅𐌴 𐌰𐌽𐌰 𐌰𐌹𐍂𐌸𐌰𐌹 𐌷𐌻𐌰𐌹𐍆 𐌿𐌽𐍃𐌰𐍂𐌰𐌽𐌰 𐌱𐍂𐌹𐌲𐌲𐌰𐌹𐍃 𐌳𐌰𐌲𐍃`),
    space: " ",
    stops: [". ", "· "],
    comma: ",",
  },
  osage: {
    script: "Osage",
    words: w(`𐓏𐒻𐒷𐒻𐒷 𐓀𐒰𐓓𐒻 𐒼𐒰𐓇𐒻𐓈𐒰 𐓂𐓍𐓂 𐓏𐒰𐓆𐓎𐒰 𐒻𐒷𐓀𐓎𐒰 𐓍𐓂𐓊𐒷 𐒹𐓂𐓏𐒰 𐓈𐒻𐓈𐓂 𐓂𐓍𐒷 𐒰𐓏𐒰𐓄𐓂`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  deseret: {
    script: "Deseret",
    words: w(`𐐜 𐐱𐑂 𐐰𐑌𐐼 𐐻𐐭 𐐮𐑌 𐐮𐑆 𐑄𐐰𐐻 𐑁𐐫𐑉 𐐮𐐻 𐐰𐑆 𐐶𐐮𐑃 𐐶𐐱𐑆 𐐪𐑌 𐑅𐐲𐑉𐑂𐐲𐑉 𐐼𐐩𐐻𐐲𐐺𐐩𐑅 𐐯𐑉𐐲𐑉
      𐐹𐐨𐐹𐐲𐑊 𐐶𐐳𐐼 𐐲𐐺𐐵𐐻 𐐶𐐮𐐽 𐑄𐐯𐑉`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  tamilOldStyle: {
    script: "Tamil",
    words: w(`கணினி மென்பொருள் வன்பொருள் தரவுத்தளம் இணைப்பு கடவுச்சொல் பதிவிறக்கம் மின்னஞ்சல்
      உலகம் நாடு ஊர் வீடு பள்ளி ஆசிரியர் மாணவர் புத்தகம் எழுத்து சொல் வாக்கியம்`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  ogham: {
    script: "Ogham",
    words: w(`ᚋᚐᚊᚔ ᚉᚒᚅᚐᚃᚐᚂᚔ ᚐᚃᚔ ᚈᚑᚉᚔᚈᚐᚊᚔ ᚄᚐᚌᚔᚈᚈᚐᚏᚔᚌ ᚋᚒᚉᚑᚔ ᚊᚔᚂᚂᚐ ᚁᚏᚐᚅᚐᚅ ᚇᚑᚃᚃᚔᚅᚔᚐᚄ ᚉᚑᚂᚂᚐᚁᚑᚈ`),
    space: "\u1680",
    stops: ["᚜ ᚛", "᚜\n᚛"],
    comma: "\u1680",
  },
  samaritan: {
    script: "Samaritan",
    words: w(`ࠔࠌࠓࠉࠌ ࠀࠋࠄࠉࠌ ࠁࠓࠀࠔࠉࠕ ࠔࠌࠉࠌ ࠀࠓࠑ ࠌࠉࠌ ࠉࠅࠌ ࠋࠉࠋࠄ ࠀࠃࠌ ࠁࠉࠕ ࠎࠐࠓ ࠃࠁࠓ ࠏࠌ ࠌࠋࠊ`),
    space: " ",
    stops: ["࠽ ", "࠾ "],
    comma: "࠰",
  },
  hanifiRohingya: {
    script: "Hanifi_Rohingya",
    words: w(`𐴌𐴟𐴇𐴥𐴝𐴚𐴒𐴙𐴝 𐴀𐴝𐴌𐴝 𐴃𐴝𐴕 𐴇𐴝𐴑𐴝 𐴎𐴝𐴌𐴞 𐴁𐴝𐴁𐴝 𐴔𐴝𐴀𐴟 𐴉𐴝𐴌 𐴊𐴝𐴌𐴠 𐴐𐴟𐴌𐴞 𐴀𐴝𐴔𐴝𐴌 𐴃𐴟𐴔𐴝𐴌`),
    space: " ",
    stops: [". ", "? "],
    comma: "،",
  },
  spanish: {
    script: "Latin",
    words: w(`el la los las de que y en un una por con no se su para como más pero sus le ya o este
      sí porque esta entre cuando muy sin sobre también me hasta hay donde quien desde todo nos
      durante todos uno les ni contra otros ese eso ante ellos está están había años después
      según usuario servidor configuración contraseña conexión aplicación actualización
      información desarrollador seguridad rendimiento almacenamiento administración
      responsabilidades internacionalización aproximadamente desafortunadamente niño año mañana
      señor corazón canción pingüino cigüeña vergüenza Málaga León Cádiz México Bogotá qué
      cómo dónde hola ayuntamiento ferrocarril`),
    space: " ",
    stops: [". ", "? ¿", "! ¡"],
    comma: ",",
  },
  italian: {
    script: "Latin",
    words: w(`il lo la i gli le di a da in con su per tra fra che e è non un una uno del della dei
      delle nel nella sono come anche più ma perché questo quello essere avere stato fatto già
      così però città università caffè virtù lunedì giovedì può utente server configurazione
      impostazioni connessione aggiornamento sicurezza sviluppatore informazioni applicazione
      responsabilità amministrazione disponibilità precipitevolissimevolmente particolarmente
      funzionamento accessibilità sottoscrizione dell'utente l'applicazione all'interno
      dall'altra nell'ambito sull'argomento quest'anno Milano Torino Napoli Firenze Venezia
      gnocchi zucchero sciopero ghiaccio famiglia bambini lavoro governo paese sempre ancora`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  latin: {
    script: "Latin",
    words: w(`lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor
      incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation
      ullamco laboris nisi aliquip ex ea commodo consequat duis aute irure in reprehenderit
      voluptate velit esse cillum fugiat nulla pariatur excepteur sint occaecat cupidatat non
      proident sunt culpa qui officia deserunt mollit anim id est laborum omnes liberi homines
      dignitate nascuntur aequique iuribus atque gallia omnis divisa partes tres quarum
      incolunt lingua institutis legibus inter differunt senatus populusque romanus res
      publica imperium cum quod etiam autem igitur tamen neque quae quibus civitatem
      magistratus legiones imperator consuetudine proficiscuntur arbitrabantur cotidianis
      proeliis fortissimi bellum hostes`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  basque: {
    script: "Latin",
    words: w(`eta da ez bat du dira zen izan ere baina edo beste hau hori hura bere gure zuen nire
      oso dago daude ditu dute egin behar baita dela dituzte ondoren gabe arte artean Euskal
      Herria euskara Donostia Bilbo Gasteiz Iruñea erabiltzailea zerbitzaria datu-basea
      konfigurazioa pasahitza konexioa eguneraketa segurtasuna garatzailea informazioa
      aplikazioa etxean etxera etxetik etxeko mendietan ikastolan ikasleentzat irakaslearekin
      gobernuarentzat hizkuntzarekiko garrantzitsuenetakoa ezagutzen ikusten egiten
      dituztenak daukagunak esan zuenez bizitzeko lanerako euskaldunok gizon emakume haurrak
      Gipuzkoa Bizkaia Nafarroa txakurra zaldia eskerrik asko kaixo agur gaur bihar atzo`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  albanian: {
    script: "Latin",
    words: w(`dhe në të një për me që nga është janë ka kanë do u i e së si por edhe më kjo ky ata
      ato shumë mund duhet pas para gjatë midis Shqipëria shqip Tiranë Durrës Shkodër Kosova
      Prishtinë përdoruesi serveri konfigurimi fjalëkalimi lidhja përditësimi siguria
      zhvilluesi informacioni aplikacioni qeveria qytetarët përgjegjësitë marrëveshjes
      bashkëpunimit zhvillimin ekonomik institucionet ndërkombëtare përfaqësuesit mirëmbajtja
      vendimmarrjes çështjet çdo gjithçka zëri gjuhë fjalë këtu atje sot nesër dje mirë
      faleminderit ju lutem përshëndetje shtëpi fëmijët punë shkollë mësuesi vëllai motra`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  malagasy: {
    script: "Latin",
    words: w(`ny sy ary amin'ny an'ny ho izy aho ianao isika izahay ireo izany izao tsy dia koa fa
      na raha satria mba ao any eto teto nefa Madagasikara Antananarivo Toamasina malagasy teny
      firenena fanjakana mpampiasa mpizara fikirana tenimiafina fifandraisana fanavaozana
      fiarovana mpamorona fampahalalana rindrankajy fampandrosoana fanabeazana
      fahaleovantena fahamarinana fanomezana fitondrana fiainana tompon'andraikitra
      manampahefana mpianatra mpampianatra mahafinaritra misaotra tonga soa veloma trano
      fianakaviana tanàna vehivavy lehilahy ankizy fotoana andro alina maraina omaly
      rahampitso mandeha miasa mianatra manoratra mamaky miteny manao nanao hanao
      voninahitra`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  romaji: {
    script: "Latin",
    words: w(`watashi wa no ga wo ni de to mo desu masu deshita arimasu imasu kore sore are kono
      sono ano nani doko itsu dare naze dō shite kudasai arigatō gozaimasu sumimasen
      konnichiwa ohayō konbanwa sayōnara Tōkyō Ōsaka Kyōto Hokkaidō nihongo Nihon kaisha gakkō
      sensei gakusei tomodachi kazoku shigoto benkyō shimasu tabemasu nomimasu ikimasu kimasu
      mimasu yomimasu kakimasu hanashimasu wakarimasen dekimasu shinakereba narimasen
      tabetakatta ikanakatta yūbinkyoku toshokan byōin densha kuruma shinbun shinkansen
      konpyūtā sābā dētabēsu setsuzoku settei erā anzen kōshin kyō ashita kinō ne yo ka`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  dutch: {
    script: "Latin",
    words: w(`de het een en van in is dat op te zijn met voor niet aan er die maar om ook als dan
      bij nog uit wel naar kan zo door heeft worden werd wordt hebben geen meer al over tot was
      of ik je we ze hij zij gebruiker server instellingen verbinding beveiliging ontwikkelaar
      gegevensbestand bijwerken wachtwoord foutmelding arbeidsongeschiktheidsverzekering
      ziekenhuisopname gemeenteraadsverkiezingen verantwoordelijkheid meisje huisje
      gezelligheid ijskoud vrijdag zeeën geïnteresseerd financiële coördinatie België
      Nederland Amsterdam Rotterdam Utrecht 's avonds zo'n auto's gracht fiets`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  somali: {
    script: "Latin",
    words: w(`iyo ka ku u in oo waa ah ay waxa wax uu ayuu ayaa ee la leh lagu loo soo sidoo kale
      laakiin haddii markii kadib ilaa hore dambe dadka dalka dowladda Soomaaliya Muqdisho
      Hargeysa af-Soomaali isticmaalaha server-ka habaynta furaha xiriirka cusboonaysiinta
      amniga horumariyaha macluumaadka barnaamijka waxbarashada caafimaadka dhaqaalaha
      xukuumadda madaxweynaha wasiirka golaha shacabka xorriyadda sinnaanta ganacsiga
      beeraha xoolaha biyaha roobka magaalada tuulada qoyska carruurta haweenka ragga maanta
      berri shalay mahadsanid nabad go'aanka la'aanta ta' dhibaatooyinka`),
    space: " ",
    stops: [". ", "? "],
    comma: ",",
  },
  hungarian: {
    script: "Latin",
    words: w(`a az és hogy nem is egy van volt meg de csak ez azt már még mint ki mi el fel le be
      ha vagy mert után alatt között szerint nagyon minden semmi felhasználó kiszolgáló
      beállítások kapcsolat biztonság fejlesztő adatbázis jelszó frissítés hibaüzenet
      megszentségteleníthetetlenségeskedéseitekért legeslegmagasabb önkormányzati
      kormányzatnak elképzelhetetlen felelősségvállalás egészségügyi különböző tűzoltóság
      őszibarack meggyőződés kőműves gyűlés árvíztűrő tükörfúrógép Magyarország Budapest
      Debrecen Szeged Győr köszönöm szépen jó reggelt viszontlátásra fiúk lányok iskolában
      házakban városokból gondolkodásmódunkat lehetőségeinket`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  lithuanian: {
    script: "Latin",
    words: w(`ir yra kad tai su iš į ne bet kaip jis ji jie jos buvo būti bus dar jau tik arba
      apie per prie po nuo be labai visi viskas čia ten šiandien vartotojas serveris nustatymai
      ryšys saugumas kūrėjas duomenų bazė slaptažodis atnaujinimas klaidos pranešimas Lietuva
      Vilnius Kaunas Klaipėda lietuvių kalba žmogus žmonės vaikas mokykla universitetas
      vyriausybė savivaldybė ekonomikos išsivystymas nepriklausomybė Seimas įstatymas
      įgyvendinimas tarptautinių organizacijų bendradarbiavimas
      nebeprisikiškiakopūsteliaudavome ąžuolas ežeras šuo šaltas gėlė ūkininkas įvairių
      pavasarį vasarą rudenį žiemą ačiū labas vakaras sudie naujųjų ežerų mokyklų žąsis`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  hawaiian: {
    script: "Latin",
    words: w(`ka ke o a i me na no ua e he ʻaʻole ʻo mai aku ai la nei kēia kēlā ʻoe au wau mākou
      kākou lākou ʻia hoʻi hiki loa nui iki maikaʻi aloha mahalo ʻohana keiki kāne wahine hale
      ʻāina moana mauna wai ahi lani honua kai Hawaiʻi Oʻahu Maui Kauaʻi Molokaʻi Lānaʻi
      Honolulu Hilo ʻōlelo kumu haumāna kula ʻoihana hoʻonaʻauao hoʻomanaʻo hoʻolaha kamepiula
      pūnaewele ʻikepili hoʻoponopono hoʻokipa kuleana pono mālama laulima kōkua hana nohona
      mōʻaukala moʻolelo mele hula ʻai poi pōʻalima lā pō kakahiaka ahiahi`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  tagalog: {
    script: "Latin",
    words: w(`ang ng nang sa na at mga ay si ni kay para hindi ako ikaw siya kami tayo sila ito
      iyan iyon dito doon din rin lang pa po opo oo may mayroon wala kung kapag dahil pero kaya
      naman talaga gumagamit tagapangasiwa pagsasaayos koneksyon seguridad impormasyon
      pamahalaan mamamayan kalayaan pagkakapantay-pantay nakapagpapabagabag
      pinakamagagandang magkakaibigan nagsisipagtrabaho pinag-uusapan ipinagdiriwang
      makabagong teknolohiya salamat magandang umaga paalam Maynila Pilipinas Cebu Davao
      Parañaque bahay paaralan guro estudyante kaibigan pamilya trabaho pera bayan wika kumain
      uminom pumunta nagluto magluluto naglalaro`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  indonesian: {
    script: "Latin",
    words: w(`yang dan di ini itu dengan untuk tidak dari dalam akan pada juga ke karena tersebut
      bisa ada mereka lebih sudah atau saya kami kita anda harus telah hanya oleh sebagai dapat
      namun seperti bahwa pengguna server pengaturan koneksi keamanan pengembang basis data
      kata sandi pembaruan kesalahan pemerintahan pertanggungjawaban ketidakseimbangan
      keberlangsungan memperhitungkan dipertanggungjawabkan kesejahteraan perekonomian
      pembangunan masyarakat pendidikan berkelanjutan mempersiapkan diberitahukan Indonesia
      Jakarta Surabaya Bandung Yogyakarta terima kasih selamat pagi sampai jumpa rumah sakit
      sekolah mahasiswa anak-anak orang-orang berbagai kemerdekaan`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  malay: {
    script: "Latin",
    words: w(`yang dan di ini itu dengan untuk tidak dari dalam akan pada juga ke kerana tersebut
      boleh ada mereka lebih sudah atau saya kami kita anda perlu telah hanya oleh sebagai
      dapat tetapi seperti bahawa pengguna pelayan tetapan sambungan keselamatan pembangun
      pangkalan kata laluan kemas kini ralat kerajaan kesinambungan ketidakseimbangan
      memperhitungkan dipertanggungjawabkan kesejahteraan perekonomian pembangunan
      masyarakat pendidikan berterusan mempersiapkan dimaklumkan Malaysia Kuala Lumpur Johor
      Bahru Pulau Pinang Sarawak Sabah terima kasih selamat pagi jumpa lagi hospital sekolah
      universiti pelajar kanak-kanak jabatan perkhidmatan kewangan percuma bagaimana mengapa`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  swahili: {
    script: "Latin",
    words: w(`na ya wa kwa ni za la katika kuwa hii hiyo huo yake wake hao pia lakini au kama sana
      zaidi tu bado sasa leo kesho jana mtu watu mtoto watoto nyumba shule mwalimu wanafunzi
      serikali Tanzania Kenya Nairobi Dar es Salaam Mombasa Zanzibar Kiswahili mtumiaji seva
      mipangilio muunganisho usalama msanidi programu hifadhidata nenosiri sasisho hitilafu
      wanaozaliwa walipokuwa tutakapofika nitakapokuona hawakuweza wanafanya anasoma
      tunakwenda mliandika itakayotumika wanaoishi kilichotokea yaliyotokea haikuwezekana
      wamezoea kushirikiana kufanikiwa kuendelezwa maendeleo uchumi afya elimu habari asante
      karibu jambo asubuhi kwaheri pole hakuna matata`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  zulu: {
    script: "Latin",
    words: w(`futhi kodwa uma ukuthi ngoba noma nje kakhulu lapha lapho manje namuhla kusasa
      izolo ukuba ukuze ngakho abantu umuntu izingane ingane indlu isikole uthisha abafundi
      uhulumeni iNingizimu Afrika eThekwini eGoli isiZulu umsebenzisi iseva izilungiselelo
      uxhumano ukuphepha umthuthukisi imininingwane iphasiwedi ukubuyekezwa iphutha
      ngokulinganayo ngokuzimisela ngokwesiko ukuzithuthukisa abangenakuzinqumela
      ngiyabonga sawubona yebo cha hamba kahle sala ngiyakuthanda siyabonga ngizokubona
      bayahamba uyasebenza ngikhuluma isiNgisi izindaba umnotho ezemfundo ezempilo
      ukungalingani inkululeko emphakathini kwabaningi zonke bonke konke lokhu lokho iqhawe
      ukuxolela ngcono`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  xhosa: {
    script: "Latin",
    words: w(`kwaye kodwa ukuba ukuze ngenxa kakhulu apha apho ngoku namhlanje ngomso izolo abantu
      umntu abantwana umntwana indlu isikolo utitshala abafundi urhulumente uMzantsi Afrika
      eKapa eRhini isiXhosa umsebenzisi iseva iisetingi unxibelelwano ukhuseleko umphuhlisi
      inkcukacha igama lokugqitha uhlaziyo impazamo enkosi molo molweni ewe hayi hamba
      kakuhle sala ndiyakuthanda siyabulela ndiza kukubona bayahamba uyasebenza ndithetha
      isiNgesi iindaba uqoqosho ezemfundo ezempilo inkululeko ekuhlaleni ngokukhawuleza
      ngokupheleleyo ukuphuhliswa zonke bonke konke oku xa iqhawe ukuxolela ixhego iqanda
      ngcono ukucinga`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  estonian: {
    script: "Latin",
    words: w(`ja on ei et see ta kui mis ka oli aga ning nagu oma veel siis kes seda mida nii kõik
      või kuid pärast enne juures üle kuni väga seal siin täna homme eile inimene inimesed
      laps lapsed maja kool õpetaja õpilased valitsus Eesti Tallinn Tartu Pärnu keel kasutaja
      server seaded ühendus turvalisus arendaja andmebaas parool uuendus veateade
      inimõigusteavalduses järjekorranumber töövõimetuskindlustus sõnavõtt õigusvastaselt
      kohaliku omavalitsuse ülevaatamiseks põhiseaduslikkuse järelevalve kõikvõimalikud
      jäätisemüüja söögikoht õhtusöök tööpäeviti kuulutamisel mõistmiseks täiskasvanutele
      tänan tere hommikust head aega jõulud jõgi õun šokolaad žürii`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
  finnish: {
    script: "Latin",
    words: w(`ja on ei se että oli hän mutta kun niin tai myös kuin jo vain nyt sitten joka mikä
      kaikki hänen heidän meidän teidän minä sinä me te he olen olet olemme ovat ollut voi
      täytyy pitää käyttäjä palvelin asetukset yhteys tietoturva kehittäjä tietokanta
      salasana päivitys virheilmoitus järjestelmänvalvojalle käyttöjärjestelmässämme
      tietokoneohjelmistojen kansainvälisissä yhteistyösopimuksen ympäristönsuojelulaki
      henkilötietojen käsittelystä mahdollisuuksista työttömyysvakuutusmaksu lapsillemme
      kirjastossakin taloissansa Suomi Helsinki Tampere Turku Oulu kiitos hyvää huomenta
      näkemiin päivää sauna järvi metsä kesä talvi`),
    space: " ",
    stops: [". ", "? ", "! "],
    comma: ",",
  },
} satisfies Record<string, Language>;

/** The name of a language in {@linkcode LANGUAGES}. */
export type LanguageName = keyof typeof LANGUAGES;

/** Every language, by name. */
export const LANGUAGE_NAMES = Object.keys(LANGUAGES) as LanguageName[];

/**
 * Sentences of 4–16 words of one language, with an occasional clause break
 * and paragraph break, `size` characters or a little more.
 */
export function prose(name: LanguageName, size: number, rng: () => number): string {
  const lang: Language = LANGUAGES[name];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
  const parts: string[] = [];
  let length = 0;
  while (length < size) {
    const n = 4 + Math.floor(rng() * 13);
    let sentence = "";
    for (let i = 0; i < n; i++) {
      if (i > 0) sentence += rng() < 0.12 ? lang.comma + (lang.space || "") : lang.space;
      sentence += pick(lang.words);
    }
    sentence += rng() < 0.7 ? lang.stops[0] : pick(lang.stops);
    if (rng() < 0.1) sentence += "\n\n";
    parts.push(sentence);
    length += sentence.length;
  }
  return parts.join("");
}
