/** Who settles the feed's mirrored markets when the source closes them with a result. */
export function SettleFromField() {
  return (
    <label className="field grow">
      <span className="field-label">Settle markets</span>
      <select name="settleFrom" defaultValue="source">
        <option value="source">From the source</option>
        <option value="trader">On a trader&apos;s confirmation</option>
      </select>
    </label>
  );
}
