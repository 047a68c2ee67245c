/**
 * Real sentences (article 1 of the Universal Declaration of Human Rights and
 * the like) in languages written with ASCII letters, some without their
 * diacritics. None is in the word lists the weights were fitted on
 * (dev/prose.ts; about half of the languages have a list there, the others
 * none), so they check that the fit holds beyond its own text.
 */
import assert from "node:assert/strict";
import { estimateTokens } from "../../mod.ts";
import { max3 } from "../../dev/tokenizers.ts";

const SENTENCES: Record<string, string> = {
  lorem:
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim id est laborum. ",
  spanish:
    "Todos los seres humanos nacen libres e iguales en dignidad y derechos y, dotados como estan de razon y conciencia, deben comportarse fraternalmente los unos con los otros. ",
  italian:
    "Tutti gli esseri umani nascono liberi ed eguali in dignita e diritti. Essi sono dotati di ragione e di coscienza e devono agire gli uni verso gli altri in spirito di fratellanza. ",
  swahili:
    "Watu wote wamezaliwa huru, hadhi na haki zao ni sawa. Wote wamejaliwa akili na dhamiri, hivyo yapasa watendeane kindugu. ",
  xhosa:
    "Bonke abantu bazalwa bekhululekile belingana ngesidima nangokweemfanelo. Bonke abantu banesiphiwo sesazela nesizathu ngoko ke bafanele ukuphathana ngomoya wobuzalwana. ",
  hausa:
    "Su dai yan-adam, ana haifuwarsu ne duka yantattu, kuma kowannensu na da mutunci da hakkoki daidai da na kowa. Suna da hankali da kuma tunani, saboda haka duk abin da za su aikata wa juna, ya kamata su yi shi a cikin yan-uwanci. ",
  somali:
    "Aadanaha dhammaantiis wuxuu dhashaa isagoo xor ah kana siman xagga sharafta iyo xuquuqada Waxaa Alle siiyey aqoon iyo wacyi, waana in qof la arkaa qofka kale ula dhaqmaa si walaaltinimo ah. ",
  shona:
    "Vanhu vose vanoberekwa vakasununguka uye vakaenzana pahunhu nekodzero dzavo. Vanhu vose vakapihwa njere nehana uye vanofanira kubatana nemweya wehukama. ",
  malagasy:
    "Teraka afaka sy mitovy zo sy fahamendrehana ny olombelona rehetra. Samy manan-tsaina sy fieritreretana ka tokony hifampitondra am-pirahalahiana. ",
  basque:
    "Gizon-emakume guztiak aske jaiotzen dira, duintasun eta eskubide berberak dituztela; eta ezaguera eta kontzientzia dutenez gero, elkarren artean senide legez jokatu beharra dute. ",
  finnish:
    "Kaikki ihmiset syntyvat vapaina ja tasavertaisina arvoltaan ja oikeuksiltaan. Heille on annettu jarki ja omatunto, ja heidan on toimittava toisiaan kohtaan veljeyden hengessa. ",
  indonesian:
    "Semua orang dilahirkan merdeka dan mempunyai martabat dan hak-hak yang sama. Mereka dikaruniai akal dan hati nurani dan hendaknya bergaul satu sama lain dalam semangat persaudaraan. ",
  tagalog:
    "Ang lahat ng tao'y isinilang na malaya at pantay-pantay sa karangalan at mga karapatan. Sila'y pinagkalooban ng katwiran at budhi at dapat magpalagayan ang isa't isa sa diwa ng pagkakapatiran. ",
  quechua:
    "Llapa runakunam paqarinku qispisqa, llapanchikmi kanchik kaqlla allin kayninchikpi, chaninchikpipas. Yuyayniyuqmi, yachayniyuqmi kanchik, chaymi wawqi hina kawsanakunanchik. ",
  maori:
    "Ko te katoa o nga tangata i te whanautanga mai e watea ana i nga here katoa; e tauriterite ana hoki nga mana me nga tika. E whakawhiwhia ana hoki ki te meahanga whakaaro me te hinengaro mohio ki te tika me te he. ",
  hawaiian:
    "Hanau kulana kaulike ia na kanaka apau loa, a ua kaulike no ko lakou hanohano a me na pono kiwila. Ua hoolakoia lakou i ka noonoo a me ka lunamanao, no laila, e pono ko kekahi hana aku i kekahi me ka manao hoahanau. ",
  romaji:
    "Subete no ningen wa, umarenagara ni shite jiyu de ari, katsu, songen to kenri to ni tsuite byodo de aru. Ningen wa, risei to ryoshin to o sazukerarete ari, tagai ni dohou no seishin o motte kodo shinakereba naranai. ",
  pinyin:
    "Renren shengerziyou, zai zunyan he quanli shang yilu pingdeng. Tamen fuyou lixing he liangxin, bing ying yi xiongdi guanxi de jingshen xiang duidai. ",
  translit_ru:
    "Vse lyudi rozhdayutsya svobodnymi i ravnymi v svoyem dostoinstve i pravakh. Oni nadeleny razumom i sovest'yu i dolzhny postupat' v otnoshenii drug druga v dukhe bratstva. ",
  arabizi:
    "Kol el nas byetweldo a7rar w metsaween fel karama wel 7o2o2. W homa 3andohom 3a2l w damir, w lazem yet3amlo ma3a ba3d be ro7 el akhawa. ",
  turkish_ascii:
    "Butun insanlar hur, haysiyet ve haklar bakimindan esit dogarlar. Akil ve vicdana sahiptirler ve birbirlerine karsi kardeslik zihniyeti ile hareket etmelidirler. ",
  vietnamese_ascii:
    "Tat ca moi nguoi sinh ra deu duoc tu do va binh dang ve nhan pham va quyen. Moi con nguoi deu duoc tao hoa ban cho ly tri va luong tam va can phai doi xu voi nhau trong tinh bang huu. ",
  welsh:
    "Genir pawb yn rhydd ac yn gydradd a'i gilydd mewn urddas a hawliau. Fe'u cynysgaeddir a rheswm a chydwybod, a dylai pawb ymddwyn y naill at y llall mewn ysbryd cymodlon. ",
  albanian:
    "Te gjithe njerezit lindin te lire dhe te barabarte ne dinjitet dhe ne te drejta. Ata kane arsye dhe ndergjegje dhe duhet te sillen ndaj njeri tjetrit me frymen e vellazerimit. ",
  yoruba_ascii:
    "Gbogbo eniyan ni a bi ni ominira; iyi ati eto kookan si dogba. Won ni ogbon ori ati ti inu, o si ye ki won maa hu iwa si ara won gege bi omo iya. ",
  klingon:
    "Hoch nuvpu' ghIn ghaHbe' qaStaHvIS jaj. Hoch nuv lojmIt poSmoH ghaH 'ej qaq ghaH. tlhIngan Hol Dajatlh'a'? ",
  esperanto_x:
    "Cxiuj homoj estas denaske liberaj kaj egalaj laux digno kaj rajtoj. Ili posedas racion kaj konsciencon, kaj devus konduti unu al alia en spirito de frateco. ",
  zulu:
    "Bonke abantu bazalwa bekhululekile belingana ngesithunzi nangamalungelo. Bonke abantu banembeza nengqondo ngakho bafanele ukuphathana ngomoya wobunye. ",
};

// Known to come out under (measured 0.986): Estonian written without its
// diacritics, whose words the Estonian word list (with them) does not reach.
// Held to 0.97, so that a refit cannot make it worse unnoticed; listed in
// bench/README.md.
const UNDER: Record<string, string> = {
  estonian:
    "Koik inimesed sunnivad vabadena ja vordsetena oma vaarikuselt ja oigustelt. Neile on antud mogistus ja sudametunnistus ja nende suhtumist ustesse peab kandma vendluse vaim. ",
};

function repeated(sentence: string): string {
  return sentence.repeat(Math.ceil(2_000 / sentence.length));
}

for (const [language, sentence] of Object.entries(SENTENCES)) {
  Deno.test(`the estimate of ${language} prose is at least every real tokenizer's count`, () => {
    const text = repeated(sentence);
    const real = max3(text);
    assert.ok(estimateTokens(text) >= real, `${estimateTokens(text)} < ${real}`);
  });
}

for (const [language, sentence] of Object.entries(UNDER)) {
  Deno.test(`the estimate of ${language} prose is at least 0.97 of every real tokenizer's count`, () => {
    const text = repeated(sentence);
    const real = max3(text);
    assert.ok(estimateTokens(text) >= 0.97 * real, `${estimateTokens(text)} < 0.97 × ${real}`);
  });
}
